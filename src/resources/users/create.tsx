import { useForm } from "@refinedev/antd";
import { Create } from "@/components/page-frame";
import { useGo, useNotification, type HttpError } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Button, Form } from "antd";
import type { InviteResult, User, UserCreate } from "@/domain/users";
import { DIALOG_TEXTS } from "@/components/dialogs";
import { usePageTitle } from "@/lib/use-page-title";
import { UserFormFields } from "./form-fields";

export interface UserCreatePageProps {
  /** The company of the new person (companies area); settings leave it to the server (own company or authComp). */
  companyId?: number;
  basePath: string;
}

/** A new person of a company, invited at once unless unticked. */
export function UserCreatePage({ companyId, basePath }: UserCreatePageProps) {
  const t = useT();
  const title = t("users.titles.create");
  usePageTitle(title);
  const go = useGo();
  const { open } = useNotification();
  const { formProps, saveButtonProps } = useForm<User & { invite?: InviteResult }, HttpError, UserCreate>({
    resource: "users",
    action: "create",
    redirect: false,
    onMutationSuccess: ({ data }) => {
      if (data.invite) open?.({ type: "success", message: DIALOG_TEXTS.success, description: t("users.invite.sent", { email: data.email }) });
      go({ to: basePath });
    },
  });
  return (
    <Create title={title} resource="users" breadcrumb={false} goBack={false} saveButtonProps={saveButtonProps}
      footerButtons={({ defaultButtons }) => (
        <>
          <Button onClick={() => go({ to: basePath })}>{t("buttons.cancel")}</Button>
          {defaultButtons}
        </>
      )}>
      <Form
        {...formProps}
        layout="vertical"
        onFinish={(values) => formProps.onFinish?.({ ...(values as UserCreate), ...(companyId ? { companyId } : {}) })}
      >
        <UserFormFields creating />
      </Form>
    </Create>
  );
}
