import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Form } from "antd";
import { DateInput, dateItemProps } from "@/components/form-inputs";
import { executedDate } from "@/domain/fields";
import { typedDay } from "@/lib/form-values";
import { zodRule } from "@/lib/zod-rule";

/** A date field as the forms build it: the vocabulary's schema as its rule, the server's message. */
function SentOn({ onFinish = () => undefined }: { onFinish?: (values: unknown) => void }) {
  return (
    <Form onFinish={onFinish}>
      <Form.Item name="sentOn" label="Data de envio" rules={[zodRule(executedDate("a data de envio"))]} {...dateItemProps}>
        <DateInput />
      </Form.Item>
    </Form>
  );
}

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

  it.each(["31/02/2026", "40/11/2026", "abc"])("says the typed %s is not a date, with the server's message, instead of dropping it", async (typed) => {
    {
      const { container, unmount } = render(<SentOn />);
      const input = screen.getByPlaceholderText("dd/mm/aaaa");
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      await waitFor(() => expect(container.querySelector(".ant-form-item-explain-error")?.textContent, typed).toBe("A data de envio: use uma data válida."), { timeout: 5000 });
      unmount();
    }
  });

  it("says a real day outside the field's window is out of it (01/01/1900), as the server does", async () => {
    const { container } = render(<SentOn />);
    const input = screen.getByPlaceholderText("dd/mm/aaaa");
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "01/01/1900" } });
    fireEvent.blur(input);
    await waitFor(() => expect(container.querySelector(".ant-form-item-explain-error")?.textContent).toBe("A data de envio: use uma data a partir de 01/01/2000."), { timeout: 5000 });
  });
});

describe("typedDay", () => {
  it("reads what a person typed as the ISO text the rule checks, keeping days that do not exist", () => {
    expect(typedDay("31/02/2026")).toBe("2026-02-31");
    expect(typedDay("3/2/2026")).toBe("2026-02-03");
    expect(typedDay("31022026")).toBe("2026-02-31");
    expect(typedDay("abc")).toBe("abc");
    expect(typedDay("  ")).toBeNull();
  });
});
