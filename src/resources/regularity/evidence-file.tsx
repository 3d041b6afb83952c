import { Button, Form } from "antd";
import { DeleteOutlined, PaperClipOutlined } from "@ant-design/icons";
import { DocumentUpload } from "@/components/document-upload";
import { regularityEvidenceUrl, type RegularityItem } from "@/domain/regularity";
import { useT } from "@/providers/i18n";

/**
 * The item's evidence file in the manual update (MANAGER, ADMIN): attach one, replace it, or remove
 * it. The file goes through the signed upload (kind evidence) and is kept when the form is saved.
 */
export function EvidenceFileField() {
  const t = useT();
  const form = Form.useFormInstance();
  const name = Form.useWatch("evidenceName", form) as string | null | undefined;
  return (
    <>
      <DocumentUpload
        kind="evidence"
        pathField="evidencePath"
        nameField="evidenceName"
        label={name ? t("regularity.evidenceFile.replace") : t("regularity.evidenceFile.attach")}
        hint={t("regularity.evidenceFile.hint")}
      />
      {name ? (
        <Form.Item style={{ marginTop: -12 }}>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => form.setFieldsValue({ evidencePath: null, evidenceName: null })}
          >
            {t("regularity.evidenceFile.remove")}
          </Button>
        </Form.Item>
      ) : null}
    </>
  );
}

/** The item's uploaded evidence, downloaded (as an attachment) by every person of the company. */
export function EvidenceFileLink({ item }: { item: RegularityItem }) {
  const t = useT();
  if (!item.evidenceName) return null;
  return (
    <a href={regularityEvidenceUrl(item.id)} download={item.evidenceName} aria-label={t("regularity.evidenceFile.download", { name: item.evidenceName, code: item.code })}>
      <PaperClipOutlined /> {item.evidenceName}
    </a>
  );
}
