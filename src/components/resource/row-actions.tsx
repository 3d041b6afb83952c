import type { ReactNode } from "react";
import { Link, useResourceParams, type BaseKey } from "@refinedev/core";
import { Space } from "antd";
import { EditOutlined } from "@ant-design/icons";
import { ADMIN_SCREENS, screenUrl, type ResourceScreens, type ScreensKey } from "@/domain/admin-screens";
import { CanAccessNow } from "@/components/can-access-now";
import { DeleteButton } from "@/components/dialogs";
import { useT } from "@/providers/i18n";
import type { StandardAction } from "./slots";

interface RowActionsProps {
  /** The resource's identifier (its ADMIN_SCREENS key); the route's resource without it. */
  resource?: string;
  id: BaseKey;
  /** What the row is called, for the actions' names ("Editar Transferegov.br"). */
  label?: string;
  /** The standard actions offered (each still shown only to who may): both unless told. */
  actions?: readonly StandardAction[];
  /** Actions of the area's own, before edit and remove. */
  children?: ReactNode;
}

const BOTH: readonly StandardAction[] = ["edit", "delete"];

/**
 * A record's actions in a list: "Editar" to its edit screen and the remove button with the spec's
 * confirmation ('Você tem certeza?', 'Sim remover'), each shown only to who may (the area's guards).
 * The edit link goes through Refine's Link, which carries authComp.
 */
export function RowActions({ resource, id, label, actions = BOTH, children }: RowActionsProps) {
  const t = useT();
  const { identifier } = useResourceParams({ resource });
  const key = (resource ?? identifier) as ScreensKey | undefined;
  const screens: ResourceScreens | undefined = key ? ADMIN_SCREENS[key] : undefined;
  const name = label ?? String(id);
  return (
    <Space size="small" wrap>
      {children}
      {key && screens?.edit && actions.includes("edit") ? (
        <CanAccessNow resource={key} action="edit">
          <Link to={screenUrl(key, "edit" as never, { id })} aria-label={`${t("buttons.edit")} ${name}`}>
            <EditOutlined /> {t("buttons.edit")}
          </Link>
        </CanAccessNow>
      ) : null}
      {key && actions.includes("delete") ? <DeleteButton resource={key} recordItemId={id} size="small" hideText aria-label={`${t("buttons.delete")} ${name}`} /> : null}
    </Space>
  );
}
