import { lazy } from "react";
import { Route } from "react-router";
import { BankOutlined, FundOutlined, SwapOutlined } from "@ant-design/icons";
import type { AdminArea } from "../types";
import { FUND, IMPOSITION, VOLUNTARY, type TransferKindConfig } from "./kinds";

const TransferList = lazy(() => import("./list").then((m) => ({ default: m.TransferList })));
const TransferInfo = lazy(() => import("./info").then((m) => ({ default: m.TransferInfo })));
const PaymentList = lazy(() => import("./payments").then((m) => ({ default: m.PaymentList })));
const PaymentCreate = lazy(() => import("./payments").then((m) => ({ default: m.PaymentCreate })));
const PaymentEdit = lazy(() => import("./payments").then((m) => ({ default: m.PaymentEdit })));

const writes = { create: "manager-only", edit: "manager-only", delete: "manager-only" } as const;

function transferRoutes(config: TransferKindConfig, withPayments: boolean) {
  const base = config.basePath;
  return [
    <Route key={`${base}`} path={base} element={<TransferList config={config} />} />,
    <Route key={`${base}/info`} path={`${base}/info/:id`} element={<TransferInfo config={config} />} />,
    ...(withPayments
      ? [
          <Route key={`${base}/p`} path={`${base}/info/:id/transaction-payment`} element={<PaymentList config={config} />} />,
          <Route key={`${base}/p/c`} path={`${base}/info/:id/transaction-payment/create`} element={<PaymentCreate config={config} />} />,
          <Route key={`${base}/p/e`} path={`${base}/info/:id/transaction-payment/:paymentId`} element={<PaymentEdit config={config} />} />,
        ]
      : []),
  ];
}

/**
 * Transfers (spec section 2): imposition and voluntary lists with info/{NR_TRANSFER} and their
 * transaction-payment children, and fund-to-fund with info/{codPlan}. Every signed-in user reads
 * and records payments; ADMIN and MANAGER change transfers and remove payments.
 */
export const transfersArea: AdminArea = {
  resources: [
    {
      name: "imposition-transfers",
      list: IMPOSITION.basePath,
      show: `${IMPOSITION.basePath}/info/:id`,
      meta: { label: "Transferências (imposição / especiais)", icon: <BankOutlined />, guard: "user-only", actionGuards: writes },
    },
    {
      name: "voluntary-transfers",
      list: VOLUNTARY.basePath,
      show: `${VOLUNTARY.basePath}/info/:id`,
      meta: { label: "Transferências voluntárias", icon: <SwapOutlined />, guard: "user-only", actionGuards: writes },
    },
    {
      name: "fund-to-fund-transfers",
      list: FUND.basePath,
      show: `${FUND.basePath}/info/:id`,
      meta: { label: "Fundo a fundo", icon: <FundOutlined />, guard: "user-only", actionGuards: writes },
    },
    { name: "transaction-payments", meta: { hide: true, guard: "user-only", actionGuards: { delete: "manager-only" } } },
  ],
  routes: (
    <>
      {transferRoutes(IMPOSITION, true)}
      {transferRoutes(VOLUNTARY, true)}
      {transferRoutes(FUND, false)}
    </>
  ),
};
