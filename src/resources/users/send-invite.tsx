import { useState } from "react";
import { useSelect } from "@refinedev/antd";
import { Link, useCustomMutation, useInvalidate, useNotification, type HttpError } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Alert, Button, Card, Form, Select, Typography } from "antd";
import { MailOutlined } from "@ant-design/icons";
import { useSearchParams } from "react-router";
import { INVITABLE_STATUSES, type InviteResult, type User } from "@/domain/users";
import { DIALOG_TEXTS } from "@/components/dialogs";

/** POST /api/auth/send-invite for one e-mail, with the spec's toasts. */
export function useSendInvite() {
  const t = useT();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<InviteResult, HttpError>();
  const send = async (email: string): Promise<InviteResult | null> => {
    try {
      const { data } = await mutateAsync({ url: "/api/auth/send-invite", method: "post", values: { email }, successNotification: false, errorNotification: false });
      open?.({ type: "success", message: DIALOG_TEXTS.success, description: t("users.invite.sent", { email }) });
      await invalidate({ resource: "users", invalidates: ["list", "detail"] });
      return data;
    } catch (error) {
      open?.({ type: "error", message: DIALOG_TEXTS.error, description: (error as HttpError).message });
      return null;
    }
  };
  return { send, sending: mutation.isPending };
}

/** The invitation link, when the local emulator stands in for e-mail (nothing leaves the machine). */
export function InviteLinkNotice({ invite }: { invite: InviteResult }) {
  const t = useT();
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      message={t("users.invite.sent", { email: invite.email })}
      description={
        invite.link ? (
          <>
            {t("users.invite.devLink")}{" "}
            <Typography.Link href={invite.link} copyable={{ text: invite.link }} style={{ wordBreak: "break-all" }}>
              {invite.link}
            </Typography.Link>
          </>
        ) : undefined
      }
    />
  );
}

/** /admin/companies/{companyId}/users/send-invite: sends the set-password invitation to a person of the company. */
export function SendInvitePage({ companyId, basePath }: { companyId: number; basePath: string }) {
  const t = useT();
  const [params] = useSearchParams();
  const [email, setEmail] = useState<string | undefined>(params.get("email") ?? undefined);
  const [result, setResult] = useState<InviteResult | null>(null);
  const { send, sending } = useSendInvite();
  const { selectProps } = useSelect<User>({
    resource: "users",
    optionLabel: (user) => `${user.name} <${user.email}>`,
    optionValue: "email",
    // Only people not using the system yet: never invited, or invited and not in.
    filters: [
      { field: "companyId", operator: "eq", value: companyId },
      { field: "status", operator: "in", value: [...INVITABLE_STATUSES] },
    ],
    onSearch: (value) => [{ field: "q", operator: "eq", value }],
    sorters: [{ field: "name", order: "asc" }],
  });
  return (
    <Card title={t("users.titles.sendInvite")} style={{ maxWidth: 640 }}>
      <Typography.Paragraph type="secondary">{t("users.invite.intro")}</Typography.Paragraph>
      <Form
        layout="vertical"
        onFinish={async () => {
          if (!email) return;
          setResult(await send(email));
        }}
      >
        <Form.Item label={t("users.invite.person")} required>
          <Select<string>
            showSearch
            filterOption={false}
            onSearch={selectProps.onSearch}
            loading={selectProps.loading}
            options={selectProps.options as { label: string; value: string }[]}
            value={email}
            onChange={setEmail}
            placeholder={t("users.invite.choose")}
            aria-label={t("users.invite.person")}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<MailOutlined />} loading={sending} disabled={!email || sending}>
          {t("users.actions.send")}
        </Button>
      </Form>
      {result ? (
        <div style={{ marginTop: 16 }}>
          <InviteLinkNotice invite={result} />
        </div>
      ) : null}
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        {t("users.invite.notRegistered")} <Link to={`${basePath}/create`}>{t("users.invite.register")}</Link>
      </Typography.Paragraph>
    </Card>
  );
}
