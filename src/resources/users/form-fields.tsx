import { useGetIdentity } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Checkbox, Col, Form, Input, Row, Select, Switch } from "antd";
import type { SessionUser } from "@/domain/auth";
import { userCreateSchema } from "@/domain/users";
import { zodRule } from "@/lib/zod-rule";
import { formatPhoneAsTyped } from "@/domain/phone";

export interface UserFormFieldsProps {
  creating?: boolean;
  /** Editing oneself: no role or activation switch (the server refuses those). */
  self?: boolean;
}

const { name, email, phone } = userCreateSchema.shape;

/** A person's fields, shared by the create and edit pages of settings and of a company. */
export function UserFormFields({ creating = false, self = false }: UserFormFieldsProps) {
  const t = useT();
  const { data: me } = useGetIdentity<SessionUser>();
  // Both contexts are one company's people, so the consultancy's ADMIN role is not offered here.
  const roles = (["USER", "MANAGER", "CAMARA"] as const).map((role) => ({ value: role, label: t(`users.roles.${role}`) }));
  const changesRoles = !self && (me?.customClaims.role === "ADMIN" || me?.customClaims.role === "MANAGER");
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={t("users.fields.name")} name="name" rules={[zodRule(name)]} required>
          <Input maxLength={120} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t("users.fields.email")} name="email" rules={[zodRule(email)]} required>
          <Input type="email" inputMode="email" maxLength={254} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t("users.fields.phone")} name="phone" rules={[zodRule(phone)]} normalize={formatPhoneAsTyped}>
          <Input type="tel" inputMode="tel" maxLength={30} placeholder="(00) 00000-0000" />
        </Form.Item>
      </Col>
      {changesRoles ? (
        <Col xs={24} md={12}>
          <Form.Item label={t("users.fields.role")} name="role" initialValue={creating ? "USER" : undefined} required>
            <Select options={roles} />
          </Form.Item>
        </Col>
      ) : null}
      {!creating && changesRoles ? (
        <Col xs={24} md={12}>
          <Form.Item label={t("users.fields.active")} name="active" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      ) : null}
      {creating ? (
        <Col xs={24}>
          <Form.Item name="sendInvite" valuePropName="checked" initialValue={true}>
            <Checkbox>{t("users.fields.sendInvite")}</Checkbox>
          </Form.Item>
        </Col>
      ) : null}
    </Row>
  );
}
