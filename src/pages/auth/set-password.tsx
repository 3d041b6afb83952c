import { useEffect, useState } from "react";
import { Alert, Button, Form, Input, Spin, Typography } from "antd";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { passwordSchema } from "@/domain/users";
import { zodRule } from "@/lib/zod-rule";
import { sameAs } from "@/lib/form-rules";
import { AuthLayout } from "./auth-layout";

type Step = { name: "checking" } | { name: "invalid" } | { name: "ready"; email: string } | { name: "done" };

async function firebaseAuth() {
  const [{ getFirebaseAuth }, authModule] = await Promise.all([import("@/lib/firebase"), import("firebase/auth")]);
  return { auth: await getFirebaseAuth(), ...authModule };
}

/**
 * /admin/auth/set-password?oobCode=…: where an invitation (or a reset e-mail) lands. The identity
 * provider checks the code, the person chooses a password, then signs in as usual.
 */
export default function SetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const oobCode = params.get("oobCode");
  const [step, setStep] = useState<Step>({ name: "checking" });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!oobCode) {
      setStep({ name: "invalid" });
      return;
    }
    let current = true;
    firebaseAuth()
      .then(({ auth, verifyPasswordResetCode }) => verifyPasswordResetCode(auth, oobCode))
      .then((email) => current && setStep({ name: "ready", email }))
      .catch(() => current && setStep({ name: "invalid" }));
    return () => {
      current = false;
    };
  }, [oobCode]);

  async function save({ password }: { password: string }) {
    setError(null);
    setSaving(true);
    try {
      const { auth, confirmPasswordReset } = await firebaseAuth();
      await confirmPasswordReset(auth, oobCode!, password);
      setStep({ name: "done" });
    } catch (failure) {
      const code = (failure as { code?: string })?.code ?? "";
      if (/expired|invalid-action-code/.test(code)) setStep({ name: "invalid" });
      else setError(t("setPassword.failed"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <AuthLayout title={t("setPassword.title")} subtitle={step.name === "ready" ? t("setPassword.subtitle") : undefined}>
      {step.name === "checking" ? <Spin tip={t("setPassword.checking")}><div style={{ height: 64 }} /></Spin> : null}
      {step.name === "invalid" ? <Alert type="error" showIcon role="alert" message={t("setPassword.invalid")} /> : null}
      {step.name === "done" ? (
        <>
          <Alert type="success" showIcon role="status" message={t("setPassword.done")} style={{ marginBottom: 16 }} />
          <Link to="/admin/auth/login">
            <Button type="primary" block size="large">
              {t("setPassword.goToLogin")}
            </Button>
          </Link>
        </>
      ) : null}
      {step.name === "ready" ? (
        <>
          <Typography.Paragraph>{t("setPassword.for", { email: step.email })}</Typography.Paragraph>
          {error ? <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 16 }} /> : null}
          <Form<{ password: string; rePassword: string }> layout="vertical" requiredMark={false} onFinish={save} disabled={saving}>
            <input type="email" name="username" autoComplete="username" value={step.email} readOnly hidden />
            <Form.Item label={t("setPassword.password")} name="password" rules={[zodRule(passwordSchema)]}>
              <Input.Password autoComplete="new-password" size="large" maxLength={128} />
            </Form.Item>
            <Form.Item
              label={t("setPassword.rePassword")}
              name="rePassword"
              dependencies={["password"]}
              rules={[sameAs("password", t("setPassword.mismatch"))]}
            >
              <Input.Password autoComplete="new-password" size="large" maxLength={128} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={saving}>
              {t("setPassword.submit")}
            </Button>
          </Form>
        </>
      ) : null}
      {step.name === "invalid" ? (
        <div style={{ textAlign: "center", marginTop: 16 }}>
          <Link to="/admin/auth/forgot-password">{t("login.forgot")}</Link>
        </div>
      ) : null}
    </AuthLayout>
  );
}
