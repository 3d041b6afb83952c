import { useState } from "react";
import { Avatar, Button, Flex, Typography, Upload } from "antd";
import { DeleteOutlined, PictureOutlined, UploadOutlined, UserOutlined } from "@ant-design/icons";
import { UPLOAD_CONTENT_TYPES, fileUrl, type ImageUploadKind } from "@/domain/uploads";
import { checkImageFile, uploadImage } from "@/lib/uploads";

export interface ImageUploadProps {
  kind: ImageUploadKind;
  /** The storagePath (a form value). */
  value?: string | null;
  onChange?: (storagePath: string | null) => void;
  /** Told while a file is on its way, so the form can hold its submit. */
  onBusyChange?: (busy: boolean) => void;
  /** Accessible name and button text, e.g. 'Enviar logotipo'. */
  label: string;
  removeLabel: string;
  disabled?: boolean;
}

/**
 * An image form field with preview: the file goes to a signed upload URL first (type and size
 * checked here and again by the server), and the field's value becomes its storagePath.
 */
export function ImageUpload({ kind, value, onChange, onBusyChange, label, removeLabel, disabled }: ImageUploadProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = fileUrl(value);

  const setWorking = (working: boolean) => {
    setBusy(working);
    onBusyChange?.(working);
  };

  async function send(file: File) {
    setError(null);
    setWorking(true);
    try {
      const { storagePath } = await uploadImage(file, kind);
      onChange?.(storagePath);
    } catch (failure) {
      setError((failure as { message?: string })?.message ?? "Não foi possível enviar a imagem.");
    } finally {
      setWorking(false);
    }
  }

  return (
    <Flex align="center" gap={16} wrap>
      <Avatar
        size={88}
        shape={kind === "avatar" ? "circle" : "square"}
        src={preview ?? undefined}
        icon={kind === "avatar" ? <UserOutlined /> : <PictureOutlined />}
        alt={preview ? label : undefined}
        style={kind === "logo" ? { background: preview ? "transparent" : undefined, objectFit: "contain" } : undefined}
        data-testid={`${kind}-preview`}
      />
      <Flex vertical gap={8} align="flex-start">
        <Flex gap={8} wrap>
          <Upload
            accept={UPLOAD_CONTENT_TYPES.join(",")}
            showUploadList={false}
            disabled={disabled || busy}
            beforeUpload={(file) => {
              const refusal = checkImageFile(file);
              if (refusal) {
                setError(refusal);
                return Upload.LIST_IGNORE;
              }
              void send(file);
              // The file goes through our signed URL, not antd's own request.
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} disabled={disabled}>
              {label}
            </Button>
          </Upload>
          {value ? (
            <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} disabled={disabled || busy}>
              {removeLabel}
            </Button>
          ) : null}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          PNG, JPEG, WebP ou GIF, até 2 MB.
        </Typography.Text>
        {error ? (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
