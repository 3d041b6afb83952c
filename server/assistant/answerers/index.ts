import type { Answerer } from "../types";
import { caucAnswerer } from "./cauc";
import { companyAnswerer } from "./company";
import { compareYearsAnswerer } from "./compare-years";
import { countsAnswerer } from "./counts";
import { deadlinesAnswerer } from "./deadlines";
import { helpAnswerer } from "./help";
import { latestPaymentsAnswerer } from "./latest-payments";
import { lc210Answerer } from "./lc210";
import { listTransfersAnswerer } from "./list-transfers";
import { municipalAnswerer } from "./municipal";
import { proposalsAnswerer } from "./proposals";
import { rankingAnswerer } from "./ranking";
import { risksAnswerer } from "./risks";
import { totalsAnswerer } from "./totals";
import { transferDetailAnswerer } from "./transfer-detail";

/**
 * What the built-in assistant knows. Adding a topic is one file in this folder (an Answerer: `match`
 * scores a parsed question, `answer` reads the company's data) and one line here; the help answer
 * lists it and the "não sei" answer draws suggestions from it automatically.
 */
const topics: Answerer[] = [
  totalsAnswerer,
  countsAnswerer,
  deadlinesAnswerer,
  rankingAnswerer,
  compareYearsAnswerer,
  transferDetailAnswerer,
  latestPaymentsAnswerer,
  listTransfersAnswerer,
  companyAnswerer,
  caucAnswerer,
  proposalsAnswerer,
  lc210Answerer,
  municipalAnswerer,
  risksAnswerer,
];

export const answerers: Answerer[] = [helpAnswerer(() => topics), ...topics];
