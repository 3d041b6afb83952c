import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { Form } from "antd";
import { DateInput, dateItemProps } from "@/components/form-inputs";

describe("DateInput", () => {
  it("keeps Enter in a date field from submitting the form (its default action is prevented)", () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="sentOn" label="Data de envio" {...dateItemProps}>
          <DateInput />
        </Form.Item>
      </Form>,
    );
    const input = screen.getByPlaceholderText("dd/mm/aaaa");
    fireEvent.change(input, { target: { value: "10/11/2026" } });
    // fireEvent returns false when a handler called preventDefault: the browser would not submit.
    expect(fireEvent.keyDown(input, { key: "Enter", code: "Enter" })).toBe(false);
    expect(onFinish).not.toHaveBeenCalled();
  });

  it("leaves other keys to the picker", () => {
    render(<DateInput />);
    expect(fireEvent.keyDown(screen.getByPlaceholderText("dd/mm/aaaa"), { key: "a" })).toBe(true);
  });
});
