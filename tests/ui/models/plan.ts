import type { PathModel } from '../../support/paths';
import { authModel } from './auth.model';
import { categoryDialogModel, categoryListModel, reorderModel } from './category.model';
import { digestTimeModel } from './digestTime.model';
import { insightsScreenModel } from './insights.model';
import { kitchenDisplayModel, kitchenPairingModel, kitchenPairingStoredModel } from './kitchen.model';
import { lineServeModel, reprintModel } from './kitchenMoves.model';
import { deviceDialogModel, deviceListModel, stationDialogModel, stationListModel } from './kitchenSetup.model';
import { optionCardModel, optionListModel, optionRowsScreenModel, rowModel } from './option.model';
import { ordersModel } from './orders.model';
import { cashPaymentModel, paymentSettingsModel } from './payments.model';
import { posRetryModel } from './posRetry.model';
import { productDetailModel, productImagesModel, productListModel } from './product.model';
import { restaurantDialogModel } from './restaurantDialog.model';
import { restaurantListModel } from './restaurantList.model';
import { managerRestaurantsModel, managersModel, restaurantViewModel, uploadModel } from './smallModels';
import { stopListModel } from './stopList.model';
import { restaurantSyncModel } from './sync.model';
import { tableScreenModel } from './tables.model';
import { telegramStaffModel, telegramTestModel } from './telegram.model';
import { workingHoursModel } from './workingHours.model';

/**
 * The test plan `npm run paths` prints (scripts/paths.ts): one model per machine the UI tests walk on the rendered
 * screens (tests/ui/*.paths.test.tsx). Each model is named after its machine's file (`tableList` for
 * tables/tableList.machine.ts), with the variant it walks in brackets; tests/unit/paths-plan.test.ts keeps every
 * machine file here or among its named exceptions.
 */
// biome-ignore lint/suspicious/noExplicitAny: a list of models of different machines
export const pathPlan: PathModel<any>[] = [
  authModel,
  restaurantListModel,
  restaurantDialogModel,
  restaurantViewModel,
  managersModel,
  managerRestaurantsModel,
  uploadModel,
  stopListModel,
  categoryListModel,
  reorderModel,
  categoryDialogModel,
  productListModel,
  productDetailModel,
  optionListModel,
  optionCardModel,
  optionRowsScreenModel,
  rowModel,
  productImagesModel,
  tableScreenModel,
  ordersModel,
  telegramTestModel,
  restaurantSyncModel,
  telegramStaffModel,
  paymentSettingsModel,
  workingHoursModel,
  digestTimeModel,
  cashPaymentModel,
  posRetryModel,
  stationListModel,
  stationDialogModel,
  deviceListModel,
  deviceDialogModel,
  lineServeModel,
  reprintModel,
  kitchenPairingModel,
  kitchenPairingStoredModel,
  kitchenDisplayModel,
  insightsScreenModel,
];
