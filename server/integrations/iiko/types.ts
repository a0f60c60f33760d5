/**
 * The iiko Cloud API (iikoTransport, /api/1/...) wire types we use, named and shaped exactly as in
 * /work/shared/iiko/iikocloud-openapi-subset.json (only the fields the integration reads or the simulator writes).
 */

export interface IikoErrorResponse {
  correlationId: string;
  errorDescription: string;
  error?: string | null;
}

export interface IikoAccessTokenRequest {
  apiLogin: string;
}
export interface IikoAccessTokenResponse {
  correlationId: string;
  /** Standard lifetime: 1 hour. */
  token: string;
}

export interface IikoOrganizationsRequest {
  organizationIds?: string[] | null;
  returnAdditionalInfo?: boolean;
  includeDisabled?: boolean;
  returnExternalData?: string[] | null;
}
export interface IikoOrganizationInfo {
  /** 'Simple' (id and name), or 'Extended' when asked with returnAdditionalInfo. */
  responseType: string;
  id: string;
  name?: string | null;
  code?: string | null;
  externalData?: { key: string; value: string }[] | null;
  /** Extended only. iiko's organization info has an address but no phone number (only `countryPhoneCode`). */
  country?: string | null;
  restaurantAddress?: string | null;
  countryPhoneCode?: string | null;
}
export interface IikoOrganizationsResponse {
  correlationId: string;
  organizations: IikoOrganizationInfo[];
}

export interface IikoNomenclatureRequest {
  organizationId: string;
  startRevision?: number | null;
}

export interface IikoProductsGroupInfo {
  imageLinks: string[];
  parentGroup?: string | null;
  order: number;
  isIncludedInMenu: boolean;
  isGroupModifier: boolean;
  id: string;
  code?: string | null;
  name: string;
  description?: string | null;
  additionalInfo?: string | null;
  tags?: string[] | null;
  isDeleted?: boolean;
  seoDescription?: string | null;
  seoText?: string | null;
  seoKeywords?: string | null;
  seoTitle?: string | null;
}

export interface IikoProductCategoryInfo {
  id: string;
  name: string;
  isDeleted: boolean;
}

export interface IikoPrice {
  currentPrice: number;
  isIncludedInMenu: boolean;
  nextPrice?: number | null;
  nextIncludedInMenu: boolean;
  nextDatePrice?: string | null;
}
export interface IikoSizePrice {
  sizeId: string | null;
  price: IikoPrice;
}

export interface IikoChildModifierInfo {
  id: string;
  defaultAmount?: number | null;
  minAmount: number;
  maxAmount: number;
  required?: boolean | null;
  hideIfDefaultAmount?: boolean | null;
  splittable?: boolean | null;
  freeOfChargeAmount?: number | null;
}
export interface IikoGroupModifierInfo {
  id: string;
  minAmount: number;
  maxAmount: number;
  required: boolean | null;
  childModifiersHaveMinMaxRestrictions?: boolean | null;
  childModifiers: IikoChildModifierInfo[];
  hideIfDefaultAmount?: boolean | null;
  defaultAmount?: number | null;
  splittable?: boolean | null;
  freeOfChargeAmount?: number | null;
}
export interface IikoSimpleModifierInfo {
  id: string;
  defaultAmount?: number | null;
  minAmount: number;
  maxAmount: number;
  required?: boolean | null;
  hideIfDefaultAmount?: boolean | null;
  splittable?: boolean | null;
  freeOfChargeAmount?: number | null;
}

export interface IikoProductInfo {
  /** Nutrition per 100 g (fat, proteins, carbohydrates, kcal); the `…FullAmount` fields below are per item. */
  fatAmount?: number | null;
  proteinsAmount?: number | null;
  carbohydratesAmount?: number | null;
  energyAmount?: number | null;
  fatFullAmount?: number | null;
  proteinsFullAmount?: number | null;
  carbohydratesFullAmount?: number | null;
  energyFullAmount?: number | null;
  /** The item's weight in kilograms. */
  weight?: number | null;
  groupId?: string | null;
  productCategoryId?: string | null;
  /** "Dish", "Good", "Modifier" (compare without case: the contract documents lower case). */
  type?: string | null;
  orderItemType?: 'Product' | 'Compound';
  modifierSchemaId?: string | null;
  modifierSchemaName?: string | null;
  splittable: boolean;
  measureUnit?: string;
  sizePrices?: IikoSizePrice[];
  modifiers?: IikoSimpleModifierInfo[];
  groupModifiers?: IikoGroupModifierInfo[];
  imageLinks?: string[];
  doNotPrintInCheque?: boolean;
  parentGroup?: string | null;
  order?: number;
  fullNameEnglish?: string | null;
  useBalanceForSell: boolean;
  canSetOpenPrice: boolean;
  paymentSubject?: string | null;
  id: string;
  code?: string | null;
  name: string;
  description?: string | null;
  additionalInfo?: string | null;
  tags?: string[] | null;
  isDeleted?: boolean;
  seoDescription?: string | null;
  seoText?: string | null;
  seoKeywords?: string | null;
  seoTitle?: string | null;
}

export interface IikoSize {
  id?: string;
  name?: string;
  priority?: number | null;
  isDefault?: boolean | null;
}

export interface IikoNomenclatureResponse {
  correlationId: string;
  groups: IikoProductsGroupInfo[];
  productCategories: IikoProductCategoryInfo[];
  products: IikoProductInfo[];
  sizes: IikoSize[];
  revision: number;
}

export interface IikoStopListsRequest {
  organizationIds: string[];
  returnSize?: boolean;
  terminalGroupsIds?: string[] | null;
}
export interface IikoStopListItem {
  balance: number;
  productId: string;
  sizeId?: string | null;
  sku?: string | null;
  dateAdd?: string | null;
}
export interface IikoTerminalGroupStopList {
  terminalGroupId?: string;
  items: IikoStopListItem[];
}
export interface IikoOrganizationStopLists {
  organizationId: string;
  items: IikoTerminalGroupStopList[];
}
export interface IikoStopListsResponse {
  correlationId: string;
  terminalGroupStopLists: IikoOrganizationStopLists[];
}
