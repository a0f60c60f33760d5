import { coverage, describePath, generatePaths, type PathModel } from '../tests/support/paths';
import { authModel } from '../tests/ui/models/auth.model';
import { categoryDialogModel, categoryListModel, orderingModel } from '../tests/ui/models/category.model';
import { optionCardModel, optionListModel, rowModel } from '../tests/ui/models/option.model';
import { ordersModel } from '../tests/ui/models/orders.model';
import { productDetailModel, productImagesModel, productListModel } from '../tests/ui/models/product.model';
import { restaurantDialogModel } from '../tests/ui/models/restaurantDialog.model';
import { restaurantListModel } from '../tests/ui/models/restaurantList.model';
import {
  managerRestaurantsModel,
  managersModel,
  restaurantViewModel,
  uploadModel,
} from '../tests/ui/models/smallModels';
import { stopListModel } from '../tests/ui/models/stopList.model';
import { restaurantSyncModel } from '../tests/ui/models/sync.model';
import { tableScreenModel } from '../tests/ui/models/tables.model';
import { telegramStaffModel, telegramTestModel } from '../tests/ui/models/telegram.model';

/**
 * `npm run paths`: the test plan generated from the XState machines. Per machine: its states and transitions, how
 * many of them the generated paths cover, and every path as readable steps. The UI tests (tests/ui/*.paths.test.tsx)
 * walk exactly these paths on the rendered screens against the real server.
 */

// biome-ignore lint/suspicious/noExplicitAny: a list of models of different machines
const models: PathModel<any>[] = [
  authModel,
  restaurantListModel,
  restaurantDialogModel,
  restaurantViewModel,
  managersModel,
  managerRestaurantsModel,
  uploadModel,
  stopListModel,
  categoryListModel,
  orderingModel,
  categoryDialogModel,
  productListModel,
  productDetailModel,
  optionListModel,
  optionCardModel,
  rowModel,
  productImagesModel,
  tableScreenModel,
  ordersModel,
  telegramTestModel,
  restaurantSyncModel,
  telegramStaffModel,
];

const only = process.argv[2];
let totalPaths = 0;
for (const model of models) {
  if (only && model.name !== only) continue;
  const paths = generatePaths(model);
  const cover = coverage(model, paths);
  totalPaths += paths.length;
  console.log(`\n━━ ${model.name} ━━`);
  console.log(`states (${cover.states.covered.length}/${cover.states.all.length} covered):`);
  for (const state of cover.states.all) console.log(`  ${cover.states.covered.includes(state) ? '✓' : '✗'} ${state}`);
  console.log(`transitions (${cover.transitions.covered.length}/${cover.transitions.all.length} covered):`);
  for (const edge of cover.transitions.all) {
    console.log(`  ${cover.transitions.covered.includes(edge) ? '✓' : '✗'} ${edge}`);
  }
  console.log(`paths (${paths.length}):`);
  paths.forEach((path, i) => {
    console.log(`  path ${i + 1}:`);
    for (const line of describePath(model, path)) console.log(`    ${line}`);
  });
}
console.log(`\n${totalPaths} paths in total`);
