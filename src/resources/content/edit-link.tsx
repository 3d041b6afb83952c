import { CanAccessNow } from "@/components/can-access-now";
import { Link } from "@refinedev/core";
import { EditOutlined } from "@ant-design/icons";
import { screenUrl } from "@/domain/admin-screens";
import { useT } from "@/providers/i18n";

/** "Editar" to a content record's form, shown only to who may edit it (ADMIN). */
export function EditLink({ resource, id, label }: { resource: "legislations" | "blog-posts" | "document-models" | "tutorials"; id: number; label?: string }) {
  const t = useT();
  return (
    <CanAccessNow resource={resource} action="edit">
      <Link to={screenUrl(resource, "edit", { id })} aria-label={label ? `${t("content.edit")} ${label}` : undefined}>
        <EditOutlined /> {t("content.edit")}
      </Link>
    </CanAccessNow>
  );
}
