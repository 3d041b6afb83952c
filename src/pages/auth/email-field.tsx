import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";

/** The e-mail field of the sign-in forms: required, a valid address, the browser's saved username. */
export function EmailField() {
  const { t } = useTranslation();
  return (
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
  );
}
