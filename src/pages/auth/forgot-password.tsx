import { useState } from "react";
import { useForgotPassword } from "@refinedev/core";
import { Alert, Button, Form } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "./auth-layout";
import { EmailField } from "./email-field";

/** Forgot password: the identity provider e-mails a reset link (spec section 2). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { mutateAsync, isPending } = useForgotPassword<{ email: string }>();
  const [outcome, setOutcome] = useState<boolean | null>(null);
  return (
    <AuthLayout title={t("forgot.title")} subtitle={t("forgot.subtitle")}>
      {outcome !== null ? (
        <Alert type={outcome ? "success" : "error"} showIcon message={outcome ? t("forgot.sent") : t("forgot.failed")} style={{ marginBottom: 16 }} role="status" />
      ) : null}
      <Form<{ email: string }>
        layout="vertical"
        requiredMark={false}
        onFinish={async (values) => setOutcome((await mutateAsync(values)).success)}
      >
        <EmailField />
        <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
          {t("forgot.submit")}
        </Button>
      </Form>
      <div style={{ textAlign: "center", marginTop: 16 }}>
        <Link to="/admin/auth/login">{t("forgot.back")}</Link>
      </div>
    </AuthLayout>
  );
}
