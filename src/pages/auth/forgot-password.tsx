import { useState } from "react";
import { useForgotPassword } from "@refinedev/core";
import { Alert, Button, Form, Input } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "./auth-layout";

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
        <Form.Item
          label={t("login.email")}
          name="email"
          rules={[
            { required: true, message: t("login.emailRequired") },
            { type: "email", message: t("login.emailInvalid") },
          ]}
        >
          <Input autoComplete="username" inputMode="email" size="large" />
        </Form.Item>
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
