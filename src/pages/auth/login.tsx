import { useState } from "react";
import { useLogin } from "@refinedev/core";
import { Alert, Button, Divider, Form, Input } from "antd";
import { GoogleOutlined } from "@ant-design/icons";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { TERMS_REQUIRED, type LoginParams } from "@/providers/auth-provider";
import { AuthLayout } from "./auth-layout";
import { EmailField } from "./email-field";
import { TermsModal } from "./terms-modal";

interface Credentials {
  email: string;
  password: string;
}

/** /admin/auth/login: e-mail and password or Google, then the terms check (spec sections 2, 4, 5). */
export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { mutateAsync: login, isPending } = useLogin<LoginParams>();
  const [error, setError] = useState<string | null>(null);
  const [pendingTerms, setPendingTerms] = useState<LoginParams | null>(null);
  const redirectTo = params.get("to") ?? undefined;

  async function attempt(values: LoginParams) {
    setError(null);
    const result = await login({ ...values, redirectTo });
    if (result.success) {
      setPendingTerms(null);
      return;
    }
    if (result.error?.name === TERMS_REQUIRED) setPendingTerms(values);
    else {
      setPendingTerms(null);
      setError(result.error?.message ?? null);
    }
  }

  return (
    <AuthLayout title={t("login.title")} subtitle={t("login.subtitle")}>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form<Credentials> layout="vertical" requiredMark={false} onFinish={(v) => attempt(v)} disabled={isPending}>
        <EmailField />
        <Form.Item label={t("login.password")} name="password" rules={[{ required: true, message: t("login.passwordRequired") }]}>
          <Input.Password autoComplete="current-password" size="large" />
        </Form.Item>
        <div style={{ textAlign: "right", marginTop: -8, marginBottom: 16 }}>
          <Link to="/admin/auth/forgot-password">{t("login.forgot")}</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={isPending && !pendingTerms}>
          {t("login.submit")}
        </Button>
      </Form>
      <Divider plain>{t("login.or")}</Divider>
      <Button block size="large" icon={<GoogleOutlined />} onClick={() => attempt({ providerName: "google" })} disabled={isPending}>
        {t("login.google")}
      </Button>
      <TermsModal
        open={pendingTerms !== null}
        loading={isPending}
        onAccept={() => pendingTerms && attempt({ ...pendingTerms, acceptTerms: true })}
        onRefuse={() => setPendingTerms(null)}
      />
    </AuthLayout>
  );
}
