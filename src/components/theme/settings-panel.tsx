import type { ReactNode } from "react";
import { Button, Divider, Drawer, Flex, Radio, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { DIALOG_TEXTS } from "@/components/dialogs/texts";
import type { TranslationKey } from "@/providers/i18n";
import { CHOICES, type ChoiceKey } from "./settings";
import { themeStore } from "./theme-store";
import { useThemeSettings } from "./index";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={12} style={{ marginBottom: 12 }}>
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

function Choice<K extends ChoiceKey>({ name }: { name: K }) {
  const { t } = useTranslation();
  const settings = useThemeSettings();
  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Text strong id={`theme-${name}`} style={{ display: "block", marginBottom: 6 }}>
        {t(`theme.${name}.label`)}
      </Typography.Text>
      <Radio.Group
        aria-labelledby={`theme-${name}`}
        optionType="button"
        size="small"
        value={settings[name]}
        onChange={(event) => themeStore.setChoice(name, event.target.value)}
        options={CHOICES[name].map((value) => ({ value, label: t(`theme.${name}.${value}` as TranslationKey) })) /* K is generic: TS crosses every group with every choice */}
      />
    </div>
  );
}

/** The theme settings panel (spec section 3): every layout setting, each remembered. */
export function ThemeSettingsPanel() {
  const { t } = useTranslation();
  const settings = useThemeSettings();
  return (
    <Drawer
      title={t("theme.settings")}
      open={settings.isOpenSettings}
      onClose={() => themeStore.setSettingsOpen(false)}
      closable={{ "aria-label": DIALOG_TEXTS.close }}
      width={320}
      placement={settings.direction === "rtl" ? "left" : "right"}
    >
      <Row label={t("theme.darkMode")}>
        <Switch checked={settings.isDark} onChange={(on) => themeStore.setTheme(on ? "dark" : "light")} aria-label={t("theme.darkMode")} />
      </Row>
      <Row label={t("theme.semiDark")}>
        <Switch checked={settings.semiDark} onChange={() => themeStore.toggleSemiDark()} aria-label={t("theme.semiDark")} />
      </Row>
      <Row label={t("theme.monochrome")}>
        <Switch checked={settings.monochrome} onChange={() => themeStore.toggleMonochrome()} aria-label={t("theme.monochrome")} />
      </Row>
      <Row label={t("theme.sidebarHidden")}>
        <Switch checked={settings.sidebarHidden} onChange={(on) => themeStore.setSidebarHidden(on)} aria-label={t("theme.sidebarHidden")} />
      </Row>
      <Divider style={{ margin: "8px 0 16px" }} />
      {(Object.keys(CHOICES) as ChoiceKey[]).map((name) => (
        <Choice key={name} name={name} />
      ))}
      <Button block onClick={() => themeStore.setSettingsOpen(false)}>
        {t("theme.done")}
      </Button>
    </Drawer>
  );
}
