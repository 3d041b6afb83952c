import { useId, useState, type ReactNode } from "react";
import { Button, Col } from "antd";
import { FilterOutlined } from "@ant-design/icons";
import { useT } from "@/providers/i18n";

/**
 * The filters after the first ones of a list form. On a phone they fold behind a "Filtros" button so
 * the data shows on the first screen; from 768 px on they are always laid out in the form's row
 * (the CSS in main.css decides, so nothing flashes while the screen size is measured).
 */
export function MoreFilters({ active, children }: { active: number; children: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(active > 0);
  const id = useId();
  return (
    <>
      <Col xs={12} className="more-filters-toggle">
        <Button block icon={<FilterOutlined />} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {active > 0 ? t("resource.list.moreFiltersActive", { count: active }) : t("resource.list.moreFilters")}
        </Button>
      </Col>
      <div id={id} className={open ? "more-filters is-open" : "more-filters"}>
        {children}
      </div>
    </>
  );
}
