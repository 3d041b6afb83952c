import { Form, Select } from "antd";
import { useAllRecords } from "@/components/resource";
import { regularityItemManualSchema, type RegularityItem } from "@/domain/regularity";
import type { User } from "@/domain/users";
import { zodRule } from "@/lib/zod-rule";
import { useT } from "@/providers/i18n";

/**
 * The item's responsible person: a pick among the municipality's active users (the list the API gives
 * a MANAGER, or an ADMIN with the company chosen). An item written before people were picked shows
 * the name typed then, which stays until someone is picked.
 */
export function ResponsiblePicker({ item }: { item: RegularityItem }) {
  const t = useT();
  const { rows, loading } = useAllRecords<User>({ resource: "users", filters: [{ field: "active", operator: "eq", value: true }], max: 500 });
  const typedBefore = item.responsibleUserId === null && item.responsibleName ? item.responsibleName : null;
  return (
    <Form.Item
      name="responsibleUserId"
      label={t("regularity.fields.responsibleName")}
      rules={[zodRule(regularityItemManualSchema.shape.responsibleUserId)]}
      extra={typedBefore ? t("regularity.responsible.typedBefore", { name: typedBefore }) : t("regularity.responsible.hint")}
    >
      <Select<number>
        allowClear
        showSearch
        loading={loading}
        optionFilterProp="label"
        placeholder={t("regularity.responsible.placeholder")}
        aria-label={t("regularity.fields.responsibleName")}
        options={rows.map((user) => ({ value: user.id, label: user.email ? `${user.name} (${user.email})` : user.name }))}
      />
    </Form.Item>
  );
}
