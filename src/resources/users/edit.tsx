import { Edit } from "@/components/page-frame";
import { useGetIdentity, useGo } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Button, Form } from "antd";
import { MailOutlined } from "@ant-design/icons";
import { useParams } from "react-router";
import type { SessionUser } from "@/domain/auth";
import type { User } from "@/domain/users";
import { useEditForm } from "@/components/resource/edit-form";
import { RecordNotFound } from "@/components/resource/record-not-found";
import { usePageTitle } from "@/lib/use-page-title";
import { UserFormFields } from "./form-fields";
import { useSendInvite } from "./send-invite";
import { passesGuard } from "@/domain/guards";

/** A person's edit page (/…/users/{userId}); back to the list once saved. */
export function UserEditPage({ basePath }: { basePath: string }) {
  const t = useT();
  const title = t("users.titles.edit");
  usePageTitle(title);
  const go = useGo();
  // The company's users tab names the parameter `userId`; the settings' users screen, a resource of its own, `id`.
  const params = useParams();
  const userId = params.userId ?? params.id;
  const { data: me } = useGetIdentity<SessionUser>();
  const { send, sending } = useSendInvite();
  const { formProps, saveButtonProps, record: user, formLoading, conflict, query } = useEditForm<User>({
    resource: "users",
    id: userId,
    onSaved: () => go({ to: basePath }),
  });
  // A person who does not exist (or is another company's) is the not-found state, never an empty form.
  if (query?.isError) return <RecordNotFound error={query.error} />;
  const self = Boolean(user && me && user.id === me.id);
  const managesPeople = passesGuard(me?.customClaims.role, "manager-only");
  return (
    <Edit
      isLoading={formLoading}
      title={user ? `${title}: ${user.name}` : title}
      resource="users"
      recordItemId={userId}
      breadcrumb={false}
      goBack={false}
      saveButtonProps={saveButtonProps}
      footerButtons={({ defaultButtons }) => (
        <>
          <Button onClick={() => go({ to: basePath })}>{t("buttons.cancel")}</Button>
          {defaultButtons}
        </>
      )}
      headerButtons={() =>
        user && managesPeople && user.active && !user.lastLoginAt ? (
          <Button icon={<MailOutlined />} loading={sending} onClick={() => void send(user.email)}>
            {user.invitedAt ? t("users.actions.resend") : t("users.actions.invite")}
          </Button>
        ) : null
      }
    >
      {conflict}
      <Form {...formProps} layout="vertical">
        <UserFormFields self={self} />
      </Form>
    </Edit>
  );
}
