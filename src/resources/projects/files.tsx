import { useState } from "react";
import { useCreate, useList, type HttpError } from "@refinedev/core";
import { Alert, Button, Card, Col, Empty, Form, Image, Input, Modal, Row, Select, Space, Table, Tag, Typography, Upload } from "antd";
import { CameraOutlined, EnvironmentOutlined, FileTextOutlined, UploadOutlined } from "@ant-design/icons";
import { DeleteButton } from "@/components/dialogs";
import { FILE_CATEGORIES, projectFileCreateSchema, projectFileUrl, type ProjectFile } from "@/domain/projects";
import { UPLOAD_CONTENT_TYPES, formatBytes, type UploadContentType } from "@/domain/uploads";
import { uploadDocument, uploadImage } from "@/lib/uploads";
import { formatMoment } from "@/lib/format";
import { zodRule } from "@/lib/zod-rule";
import { useT } from "@/providers/i18n";
import { EllipsisCell } from "@/components/resource";
import { PROJECT_CODES as CODES } from "./codes";
import { useProjectId, useProjectRights, useRefreshProject } from "./shared";

const mapUrl = (lat: string, lon: string) => `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;

interface UploadValues {
  category: string;
  title: string;
  description?: string;
}

/** The dialog that sends one file: first to its signed upload URL (photo or document), then saved on the project. */
function UploadDialog({ projectId, photo, onClose }: { projectId: number; photo: boolean; onClose(): void }) {
  const t = useT();
  const refresh = useRefreshProject(projectId);
  const [form] = Form.useForm<UploadValues>();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { mutateAsync } = useCreate();
  const save = async (values: UploadValues) => {
    if (!file) {
      setError(t("projects.files.chooseHint"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const image = UPLOAD_CONTENT_TYPES.includes(file.type as UploadContentType);
      const { storagePath } = image ? await uploadImage(file, "project-photo") : await uploadDocument(file, "project-document");
      await mutateAsync({ resource: "project-files", values: { ...values, projectId, storagePath, fileName: file.name.slice(0, 120) } });
      await refresh();
      onClose();
    } catch (failure) {
      setError((failure as { message?: string })?.message ?? t("projects.files.chooseHint"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={photo ? t("projects.files.addPhoto") : t("projects.files.add")} onCancel={onClose} onOk={() => form.submit()} okButtonProps={{ loading: busy }} okText={t("projects.actions.save")} cancelText={t("projects.actions.cancel")} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={save} initialValues={{ category: photo ? "FOTO_OBRA" : "PROJETO_BASICO" }}>
        <Form.Item name="category" label={t("projects.files.category")} rules={[zodRule(projectFileCreateSchema.shape.category)]}>
          <Select aria-label={t("projects.files.category")} options={FILE_CATEGORIES.map((value) => ({ value, label: t(CODES.fileCategories.label(value)) }))} />
        </Form.Item>
        <Form.Item name="title" label={t("projects.files.title")} rules={[zodRule(projectFileCreateSchema.shape.title)]} required>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="description" label={t("projects.files.description")}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Form.Item label={t("projects.files.file")} extra={t("projects.files.chooseHint")} required>
          <Space wrap>
            <Upload
              accept={photo ? "image/png,image/jpeg,image/webp,image/gif" : undefined}
              showUploadList={false}
              beforeUpload={(chosen) => {
                setFile(chosen);
                if (!form.getFieldValue("title")) form.setFieldsValue({ title: chosen.name.replace(/\.[^.]+$/, "").slice(0, 200) });
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} aria-label={t("projects.files.choose")}>
                {t("projects.files.choose")}
              </Button>
            </Upload>
            {file ? <Typography.Text data-testid="chosen-file">{file.name}</Typography.Text> : null}
          </Space>
        </Form.Item>
        {error ? <Alert type="error" showIcon role="alert" message={error} /> : null}
      </Form>
    </Modal>
  );
}

/** /admin/projects/info/{ID}/files: the site photos as a gallery (date and place from the photo) and the documents by category. */
export default function FilesTab() {
  const t = useT();
  const projectId = useProjectId();
  const { canWrite, canRecord } = useProjectRights();
  const refresh = useRefreshProject(projectId);
  const [adding, setAdding] = useState<"photo" | "document" | null>(null);
  const { result, query } = useList<ProjectFile, HttpError>({
    resource: "project-files",
    filters: [{ field: "projectId", operator: "eq", value: projectId }],
    pagination: { currentPage: 1, pageSize: 200 },
  });
  const files = result.data ?? [];
  const photos = files.filter((file) => file.isImage).sort((a, b) => (b.takenAt ?? b.createdAt).localeCompare(a.takenAt ?? a.createdAt));
  const documents = files.filter((file) => !file.isImage);
  const remove = (file: ProjectFile) => (canWrite ? <DeleteButton size="small" hideText resource="project-files" recordItemId={file.id} accessControl={{ enabled: false }} onSuccess={() => void refresh()} /> : null);
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Card
        size="small"
        title={t("projects.files.gallery")}
        extra={
          canRecord ? (
            <Button type="primary" icon={<CameraOutlined />} onClick={() => setAdding("photo")}>
              {t("projects.files.addPhoto")}
            </Button>
          ) : null
        }
      >
        {photos.length === 0 && !query.isLoading ? <Empty description={t("projects.files.emptyPhotos")} /> : null}
        <Image.PreviewGroup>
          <Row gutter={[16, 16]} data-testid="photo-gallery">
            {photos.map((photo) => (
              <Col key={photo.id} xs={24} sm={12} md={8} lg={6}>
                <Card size="small" cover={<Image src={projectFileUrl(photo.id)} alt={photo.title} height={160} style={{ objectFit: "cover" }} />}>
                  <Space direction="vertical" size={0} style={{ width: "100%" }}>
                    <Space style={{ justifyContent: "space-between", width: "100%" }}>
                      <Typography.Text strong ellipsis title={photo.title}>
                        {photo.title}
                      </Typography.Text>
                      {remove(photo)}
                    </Space>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {photo.takenAt ? t("projects.files.takenAt", { date: formatMoment(photo.takenAt, { time: true }) }) : t("projects.files.noDate")}
                    </Typography.Text>
                    {photo.latitude && photo.longitude ? (
                      <a href={mapUrl(photo.latitude, photo.longitude)} target="_blank" rel="noreferrer" style={{ fontSize: 12 }} title={t("projects.files.openMap")}>
                        <EnvironmentOutlined /> {t("projects.files.location", { lat: Number(photo.latitude).toLocaleString("pt-BR", { maximumFractionDigits: 5 }), lon: Number(photo.longitude).toLocaleString("pt-BR", { maximumFractionDigits: 5 }) })}
                      </a>
                    ) : null}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t("projects.files.uploadedBy", { name: photo.uploaderName ?? "—", date: formatMoment(photo.createdAt) })}
                    </Typography.Text>
                  </Space>
                </Card>
              </Col>
            ))}
          </Row>
        </Image.PreviewGroup>
      </Card>
      <Card
        size="small"
        title={t("projects.files.documents")}
        extra={
          canRecord ? (
            <Button icon={<UploadOutlined />} onClick={() => setAdding("document")}>
              {t("projects.files.add")}
            </Button>
          ) : null
        }
      >
        <Table<ProjectFile>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: "max-content" }}
          dataSource={documents}
          loading={query.isLoading}
          locale={{ emptyText: <Empty description={t("projects.files.emptyDocuments")} /> }}
          columns={[
            { key: "category", title: t("projects.files.category"), render: (_, file) => <Tag>{t(CODES.fileCategories.label(file.category))}</Tag> },
            {
              key: "title",
              title: t("projects.files.title"),
              render: (_, file) => (
                <a href={projectFileUrl(file.id)} download={file.fileName}>
                  <FileTextOutlined /> {file.title}
                </a>
              ),
            },
            { key: "fileName", dataIndex: "fileName", title: t("projects.files.file"), render: (name: string) => <EllipsisCell title={name}>{name}</EllipsisCell> },
            { key: "size", title: t("projects.files.size"), render: (_, file) => formatBytes(file.fileSize) },
            { key: "by", title: "", render: (_, file) => <Typography.Text type="secondary">{t("projects.files.uploadedBy", { name: file.uploaderName ?? "—", date: formatMoment(file.createdAt) })}</Typography.Text> },
            { key: "actions", title: t("table.actions"), render: (_, file) => remove(file) },
          ]}
        />
      </Card>
      {adding ? <UploadDialog projectId={projectId} photo={adding === "photo"} onClose={() => setAdding(null)} /> : null}
    </Space>
  );
}
