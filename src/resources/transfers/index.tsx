import { BankOutlined, FundOutlined, SwapOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource, pageWith, type ActionGuards } from "../define-admin-resource";
import { FUND, IMPOSITION, VOLUNTARY, type TransferKindConfig } from "./kinds";

/** Every signed-in user reads transfers and records payments; ADMIN and MANAGER change transfers and remove payments. */
const writes: ActionGuards = { create: "manager-only", edit: "manager-only", delete: "manager-only" };

/** The four pages of one kind: one module per page, bound to the kind. */
function transferPages(config: TransferKindConfig) {
  return {
    list: pageWith(() => import("./list").then((m) => m.TransferList), { config }),
    show: pageWith(() => import("./info").then((m) => m.TransferInfo), { config }),
    create: pageWith(() => import("./form").then((m) => m.TransferCreate), { config }),
    edit: pageWith(() => import("./form").then((m) => m.TransferEdit), { config }),
  };
}

/** A kind's payments, under its transfers' info pages; not in the menu. */
function paymentPages(config: TransferKindConfig) {
  return {
    list: pageWith(() => import("./payments").then((m) => m.PaymentList), { config }),
    create: pageWith(() => import("./payments").then((m) => m.PaymentCreate), { config }),
    edit: pageWith(() => import("./payments").then((m) => m.PaymentEdit), { config }),
  };
}

const payments = { name: "transaction-payments", label: "payments.titles.list", menu: false, guard: "user-only", actionGuards: { delete: "manager-only" } } as const;

/**
 * Transfers (spec section 2): imposition and voluntary lists with info/{NR_TRANSFER} and their
 * transaction-payment children, and fund-to-fund with info/{codPlan}; each kind also has create and
 * edit/{NR_TRANSFER} (or {codPlan}).
 */
export const transfersAreas = [
  defineAdminResource({
    screens: "imposition-transfers",
    label: "transfers.menu.imposition",
    icon: <BankOutlined />,
    parent: MENU_GROUP.transfers,
    guard: "user-only",
    actionGuards: writes,
    pages: transferPages(IMPOSITION),
  }),
  defineAdminResource({
    screens: "voluntary-transfers",
    label: "transfers.menu.voluntary",
    icon: <SwapOutlined />,
    parent: MENU_GROUP.transfers,
    guard: "user-only",
    actionGuards: writes,
    pages: transferPages(VOLUNTARY),
  }),
  defineAdminResource({
    screens: "fund-to-fund-transfers",
    label: "transfers.menu.fund",
    icon: <FundOutlined />,
    parent: MENU_GROUP.transfers,
    guard: "user-only",
    actionGuards: writes,
    pages: transferPages(FUND),
  }),
  defineAdminResource({ screens: "imposition-payments", ...payments, pages: paymentPages(IMPOSITION) }),
  defineAdminResource({ screens: "voluntary-payments", ...payments, pages: paymentPages(VOLUNTARY) }),
];
