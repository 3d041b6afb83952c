import { useCustomMutation, useGetIdentity, useInvalidateAuthStore, useNotification, type HttpError } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Button, Card, Col, Divider, Form, Input, Row, Skeleton, Typography } from "antd";
import { SaveOutlined } from "@ant-design/icons";
import type { SessionUser } from "@/domain/auth";
import { passwordSchema, userCreateSchema, type User } from "@/domain/users";
import { ImageUpload } from "@/components/image-upload";
import { useEditForm } from "@/components/resource/edit-form";
import { DIALOG_TEXTS } from "@/components/dialogs";
import { clearSessionUser } from "@/providers/auth-provider/session";
import { zodRule } from "@/lib/zod-rule";
import { sameAs } from "@/lib/form-rules";
import { PageTitle } from "@/components/page-title";

const { name, email } = userCreateSchema.shape;

/** The session user (header name and avatar) is read again after a change here. */
function useRefreshIdentity() {
  const invalidate = useInvalidateAuthStore();
  return async () => {
    clearSessionUser();
    await invalidate();
  };
}

function AvatarCard({ me }: { me: SessionUser }) {
  const t = useT();
  const refresh = useRefreshIdentity();
  const { open } = useNotification();
  const { mutateAsync } = useCustomMutation<User, HttpError>();
  const storagePath = me.avatarUrl?.replace(/^\/api\/files\//, "") ?? null;
  const save = async (next: string | null) => {
    try {
      await mutateAsync({ url: `/api/users/${me.id}/avatar`, method: "patch", values: { storagePath: next }, successNotification: false, errorNotification: false });
      open?.({ type: "success", message: DIALOG_TEXTS.success, description: t("profile.avatarSaved") });
      await refresh();
    } catch (error) {
      open?.({ type: "error", message: DIALOG_TEXTS.error, description: (error as HttpError).message });
    }
  };
  return (
    <Card title={t("profile.avatar")}>
      <ImageUpload kind="avatar" value={storagePath} onChange={(next) => void save(next)} label={t("profile.uploadAvatar")} removeLabel={t("profile.removeAvatar")} />
    </Card>
  );
}

function AccountForm({ me }: { me: SessionUser }) {
  const t = useT();
  const refresh = useRefreshIdentity();
  const { formProps, saveButtonProps, form, query, conflict } = useEditForm<User>({
    resource: "users",
    id: me.id,
    // Empty password fields mean "keep the current password"; the current one goes only as proof of a change.
    transform: ({ password, rePassword, currentPassword, ...rest }) => ({
      ...rest,
      ...(password ? { password, rePassword } : {}),
      ...(currentPassword ? { currentPassword } : {}),
    }),
    onSaved: async () => {
      form.setFieldsValue({ password: undefined, rePassword: undefined, currentPassword: undefined });
      await refresh();
    },
  });
  if (query?.isLoading) return <Skeleton active />;
  return (
    <Card title={t("profile.account")}>
      {conflict}
      <Form {...formProps} layout="vertical">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t("users.fields.name")} name="name" rules={[zodRule(name)]} required>
              <Input maxLength={120} autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t("users.fields.email")} name="email" rules={[zodRule(email)]} required extra={t("profile.emailHelp")}>
              <Input type="email" inputMode="email" autoComplete="email" maxLength={254} />
            </Form.Item>
          </Col>
        </Row>
        <Divider orientation="left" plain>
          {t("profile.password")}
        </Divider>
        <Typography.Paragraph type="secondary">{t("profile.passwordHelp")}</Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t("profile.currentPassword")} name="currentPassword" extra={t("profile.currentPasswordHelp")}>
              <Input.Password autoComplete="current-password" maxLength={128} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t("profile.newPassword")} name="password" rules={[zodRule(passwordSchema.optional())]}>
              <Input.Password autoComplete="new-password" maxLength={128} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t("profile.rePassword")}
              name="rePassword"
              dependencies={["password"]}
              rules={[sameAs("password", t("setPassword.mismatch"))]}
            >
              <Input.Password autoComplete="new-password" maxLength={128} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" icon={<SaveOutlined />} {...saveButtonProps}>
          {t("buttons.save")}
        </Button>
      </Form>
    </Card>
  );
}

/** /admin/profile: 'Perfil': name, e-mail, password change with rePassword, avatar. */
export default function ProfilePage() {
  const t = useT();
  const title = t("profile.title");
  const { data: me } = useGetIdentity<SessionUser>();
  return (
    <div style={{ maxWidth: 880 }}>
      <PageTitle style={{ marginBottom: 16 }}>
        {title}
      </PageTitle>
      {me ? (
        <Row gutter={[16, 16]}>
          <Col xs={24}>
            <AvatarCard me={me} />
          </Col>
          <Col xs={24}>
            <AccountForm me={me} />
          </Col>
        </Row>
      ) : (
        <Skeleton active />
      )}
    </div>
  );
}
