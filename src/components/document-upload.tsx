import { useState } from "react";
import { Alert, Button, Flex, Form, Typography, Upload } from "antd";
import { FileTextOutlined, UploadOutlined } from "@ant-design/icons";
import { DOCUMENT_CONTENT_TYPES, UPLOAD_DOCUMENT_TYPES, type DocumentUploadKind } from "@/domain/uploads";
import { checkDocumentFile, uploadDocument } from "@/lib/uploads";
import { useT } from "@/providers/i18n";

export interface DocumentUploadProps {
  kind: DocumentUploadKind;
  /** The form fields that receive the storagePath and the file's name. */
  pathField: string;
  nameField: string;
  label: string;
  hint?: string;
  /** Marked required (the model's file), with what to say when missing; the server says so too. */
  required?: boolean;
  requiredMessage?: string;
}

const ACCEPT = [...DOCUMENT_CONTENT_TYPES, ...Object.values(UPLOAD_DOCUMENT_TYPES).map((ext) => `.${ext}`)].join(",");

/**
 * A document form field: the file goes to a signed upload URL first (type by extension and size checked
 * here, the bytes by the server), then the form holds its storagePath and name to save on the record.
 */
export function DocumentUpload({ kind, pathField, nameField, label, hint, required, requiredMessage }: DocumentUploadProps) {
  const t = useT();
  const form = Form.useFormInstance();
  const name = Form.useWatch(nameField, form) as string | null | undefined;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send(file: File) {
    setError(null);
    setBusy(true);
    try {
      const { storagePath } = await uploadDocument(file, kind);
      form.setFieldsValue({ [pathField]: storagePath, [nameField]: file.name.slice(0, 120) });
      await form.validateFields([pathField]).catch(() => undefined);
    } catch (failure) {
      setError((failure as { message?: string })?.message ?? t("content.upload.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form.Item label={label} required={required} extra={hint}>
      <Flex vertical gap={8} align="flex-start">
        <Flex gap={12} align="center" wrap>
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              const refusal = checkDocumentFile(file);
              if (refusal) {
                setError(refusal);
                return Upload.LIST_IGNORE;
              }
              void send(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} aria-label={label}>
              {label}
            </Button>
          </Upload>
          {name ? (
            <Typography.Text data-testid={`${kind}-file-name`}>
              <FileTextOutlined /> {name}
            </Typography.Text>
          ) : null}
        </Flex>
        {error ? <Alert type="error" showIcon message={error} role="alert" /> : null}
        <Form.Item name={pathField} noStyle rules={required ? [{ validator: (_, v) => (v || form.getFieldValue(nameField) ? Promise.resolve() : Promise.reject(new Error(requiredMessage ?? t("content.upload.required")))) }] : []}>
          <input type="hidden" />
        </Form.Item>
        <Form.Item name={nameField} noStyle>
          <input type="hidden" />
        </Form.Item>
      </Flex>
    </Form.Item>
  );
}
