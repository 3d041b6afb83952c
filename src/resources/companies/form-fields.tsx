import { useT } from "@/providers/i18n";
import { Col, Form, Input, Row } from "antd";
import { cnpjSchema, formatCnpj } from "@/domain/cnpj";
import { ibgeCodeSchema, optionalEmail, optionalText, slugSchema, slugify } from "@/domain/companies";
import { companyCreateSchema } from "@/domain/companies";
import { zodRule } from "@/lib/zod-rule";
import { formatPhoneAsTyped, optionalPhoneSchema } from "@/domain/phone";
import { MunicipalityPicker, type Municipality } from "@/components/municipality-picker";
import { ImageUpload } from "@/components/image-upload";

export interface CompanyFormFieldsProps {
  /** admin: every field (create and edit); manager: what a MANAGER may change in settings. */
  mode: "admin" | "manager";
  creating?: boolean;
  onBusyChange?: (busy: boolean) => void;
}

const nameSchema = companyCreateSchema.shape.name;

/** The company form's fields, shared by Nova cliente, Editar cliente and the settings data edit. */
export function CompanyFormFields({ mode, creating = false, onBusyChange }: CompanyFormFieldsProps) {
  const t = useT();
  const form = Form.useFormInstance();

  /** Picking the municipality fills what is still empty (and the public address of a new company). */
  const onPick = (municipality: Municipality) => {
    if (!form.getFieldValue("name")) form.setFieldValue("name", municipality.name);
    if (!form.getFieldValue("legalName")) form.setFieldValue("legalName", `Município de ${municipality.name}`);
    if (creating && !form.isFieldTouched("slug")) form.setFieldValue("slug", slugify(municipality.name));
  };

  return (
    <Row gutter={16}>
      {mode === "admin" ? (
        <>
          <Col xs={24} md={12}>
            <Form.Item label={t("companies.fields.municipality")} name="ibgeCode" rules={[zodRule(ibgeCodeSchema)]} required>
              <MunicipalityPicker onPick={onPick} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t("companies.fields.cnpj")}
              name="cnpj"
              rules={[zodRule(cnpjSchema)]}
              required
              extra={t("companies.help.cnpj")}
              normalize={(value: string) => value?.toUpperCase()}
            >
              <Input
                maxLength={18}
                placeholder="00.000.000/0000-00"
                autoComplete="off"
                onBlur={(event) => form.setFieldValue("cnpj", formatCnpj(event.target.value))}
              />
            </Form.Item>
          </Col>
        </>
      ) : null}
      <Col xs={24} md={12}>
        <Form.Item label={t("companies.fields.name")} name="name" rules={[zodRule(nameSchema)]} required>
          <Input
            maxLength={120}
            onChange={(event) => {
              if (creating && !form.isFieldTouched("slug")) form.setFieldValue("slug", slugify(event.target.value));
            }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t("companies.fields.legalName")} name="legalName" rules={[zodRule(optionalText(200))]}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      {mode === "admin" ? (
        <Col xs={24} md={12}>
          <Form.Item label={t("companies.fields.slug")} name="slug" rules={[zodRule(creating ? slugSchema.optional() : slugSchema)]} extra={t("companies.help.slug")}>
            <Input addonBefore="/transparency/" maxLength={60} autoComplete="off" />
          </Form.Item>
        </Col>
      ) : null}
      <Col xs={24} md={12}>
        <Form.Item label={t("companies.fields.mayorName")} name="mayorName" rules={[zodRule(optionalText(120))]}>
          <Input maxLength={120} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t("companies.fields.email")} name="email" rules={[zodRule(optionalEmail)]}>
          <Input type="email" inputMode="email" maxLength={254} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t("companies.fields.phone")} name="phone" rules={[zodRule(optionalPhoneSchema)]} normalize={formatPhoneAsTyped}>
          <Input type="tel" inputMode="tel" maxLength={30} placeholder="(00) 0000-0000" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item label={t("companies.fields.logo")} name="logoPath">
          <ImageUpload kind="logo" label={t("companies.actions.uploadLogo")} removeLabel={t("companies.actions.removeLogo")} onBusyChange={onBusyChange} />
        </Form.Item>
      </Col>
    </Row>
  );
}
