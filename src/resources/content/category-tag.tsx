import { Tag } from "antd";
import { readableTextOn } from "@/lib/contrast";
import type { Category } from "@/domain/content";

/** A category's tag in its chosen color, its name in the text color that reads on that color (antd writes it in white on any color). */
export function CategoryTag({ category }: { category: Pick<Category, "name" | "color"> }) {
  return (
    <Tag color={category.color} style={{ color: readableTextOn(category.color) }}>
      {category.name}
    </Tag>
  );
}
