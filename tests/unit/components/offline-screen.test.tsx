import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "@/components/error-boundary";
import { OfflineScreen } from "@/components/offline-screen";

/** A page whose code could not be fetched, as a lazy import rejects. */
function MissingChunk(): never {
  throw new TypeError("Failed to fetch dynamically imported module: /assets/login-abc123.js");
}

function setOnline(online: boolean) {
  vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(online);
}

describe("a page that fails while the device is offline", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the app's name and the offline message, not the 500 screen, and does not reload", () => {
    setOnline(false);
    const reload = vi.fn();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const location = window.location;
    Object.defineProperty(window, "location", { configurable: true, value: { ...location, reload } });
    try {
      render(
        <ErrorBoundary>
          <MissingChunk />
        </ErrorBoundary>,
      );
      expect(screen.getByText("SOL Transferências")).toBeTruthy();
      expect(screen.getByRole("heading", { name: "Sem conexão com a internet" })).toBeTruthy();
      expect(screen.queryByText("500")).toBeNull();
      expect(reload).not.toHaveBeenCalled();
    } finally {
      Object.defineProperty(window, "location", { configurable: true, value: location });
    }
  });

  it("shows the 500 screen for the same kind of failure while online", () => {
    setOnline(true);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <ThrowsRenderError />
      </ErrorBoundary>,
    );
    expect(screen.getByText("500")).toBeTruthy();
    expect(screen.queryByText("Sem conexão com a internet")).toBeNull();
  });

  it("opens the page again when the connection comes back, or when the person asks", () => {
    const reload = vi.fn();
    render(<OfflineScreen reload={reload} />);
    fireEvent.click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(reload).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

function ThrowsRenderError(): never {
  throw new Error("falha de renderização");
}
