import { useEffect, useRef, useState, type ReactNode } from "react";
import { useForm } from "@refinedev/antd";
import { useWarnAboutChange, type BaseKey, type BaseRecord, type HttpError } from "@refinedev/core";
import { Alert, Button } from "antd";
import { ReloadOutlined } from "@ant-design/icons";
import { useT } from "@/providers/i18n";

/** A record that may carry the optimistic-lock counter every updatable record has on the wire. */
type Versioned = BaseRecord & { version?: number };

export interface EditFormOptions<Row extends Versioned> {
  resource: string;
  /**
   * The record, when the page has read it already (by a natural key, for instance): the form starts
   * from it and does not read it a second time. Give `reload` with it.
   */
  record?: Row;
  /** Reads the page's record again (after someone else changed it). */
  reload?: () => Promise<unknown>;
  /** Without `record`: the id the form reads the record by. */
  id?: BaseKey;
  /** `false` stops reading the record (while it is being removed, say). */
  enabled?: boolean;
  /** What the values become before they are sent (e.g. adding a parent id). */
  transform?: (values: Record<string, unknown>) => Record<string, unknown>;
  onSaved?: (row: Row) => unknown;
}

const CONFLICT = 409;

/**
 * Refine's `useForm` for an edit page that never overwrites someone else's change: every save sends
 * the `version` of the record the form was filled from, and when the server answers 409 (the record
 * changed since) the form says so and offers to reload the current record (`conflict`, shown above
 * the fields) instead of a generic error toast.
 */
export function useEditForm<Row extends Versioned>({ resource, record: given, reload, id, enabled = true, transform, onSaved }: EditFormOptions<Row>) {
  const t = useT();
  const { setWarnWhen } = useWarnAboutChange();
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [generation, setGeneration] = useState(0);
  /** What the person changed since the form was last filled or saved (field → value). */
  const edits = useRef<Record<string, unknown>>({});
  const form = useForm<Row, HttpError>({
    resource,
    action: "edit",
    id: given?.id ?? id,
    redirect: false,
    queryOptions: { enabled: enabled && !given && id !== undefined, retry: false },
    onMutationSuccess: ({ data }) => {
      edits.current = {};
      setConflict(null);
      return onSaved?.(data);
    },
    onMutationError: (error) => setConflict(error.statusCode === CONFLICT ? error.message : null),
    errorNotification: (error) => (error?.statusCode === CONFLICT ? false : undefined),
  });
  const record = given ?? form.query?.data?.data;

  // A reload (or a new record) puts the form back to the record as it now is.
  const { form: antdForm } = form;
  useEffect(() => {
    antdForm.resetFields();
  }, [antdForm, given, generation]);
  // Refine also refills the fields whenever the record is read again (a background refetch after the
  // photo changed, say): what the person typed meanwhile is put back, not lost. Only "Recarregar" and a
  // save start from the record as it is.
  const data = form.query?.data?.data;
  useEffect(() => {
    if (Object.keys(edits.current).length > 0) antdForm.setFieldsValue(edits.current as never);
  }, [antdForm, given, data]);

  const reloadRecord = async () => {
    setReloading(true);
    try {
      await (reload ?? form.query?.refetch)?.();
      setConflict(null);
      setWarnWhen(false);
      edits.current = {};
      setGeneration((n) => n + 1);
    } finally {
      setReloading(false);
    }
  };

  const onFinish = (values: Record<string, unknown>) => {
    const sent = transform ? transform(values) : values;
    const version = record?.version;
    return form.formProps.onFinish?.(typeof version === "number" ? { ...sent, version } : sent);
  };

  const conflictAlert: ReactNode = conflict ? (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      message={t("resource.conflict.title")}
      description={`${conflict} ${t("resource.conflict.lost")}`}
      action={
        <Button icon={<ReloadOutlined />} loading={reloading} onClick={reloadRecord}>
          {t("resource.conflict.reload")}
        </Button>
      }
    />
  ) : null;

  return {
    ...form,
    record,
    // Fields stay disabled until the record has arrived: what someone types on a slow connection before
    // then would be overwritten by the record, and saved as if untouched.
    formProps: {
      ...form.formProps,
      ...(given ? { initialValues: given } : {}),
      disabled: !given && form.query?.isLoading === true,
      onValuesChange: (changed: Record<string, unknown>, all: Record<string, unknown>) => {
        Object.assign(edits.current, changed);
        form.formProps.onValuesChange?.(changed, all);
      },
      onFinish,
    },
    conflict: conflictAlert,
  };
}
