/**
 * Restaurants and their menus: categories, products, options and their rows. An unknown id and another tenant's alike
 * get the "not found" of its kind (server/access.ts).
 */
export const catalogMessages = {
  restaurantNotFound: 'Restoran topilmadi.',
  restaurantDeleted: "Restoran o'chirildi.",
  slugTaken: 'Bu slug bilan restoran allaqachon mavjud.',
  languagesWithoutUz: "\"languages\" maydoni noto'g'ri: ro'yxatda \"uz\" (o'zbekcha) bo'lishi kerak.",

  categoryNotFound: 'Kategoriya topilmadi.',
  /** Spec section 8. */
  categoryDeleted: "Kategoriya muvaffaqiyatli o'chirildi!",
  /** Spec section 5, with the spec's ‘. */
  categoryTitleRequired: 'Kategoriya nomi bo‘sh bo‘lishi mumkin emas!',
  categoryListMismatch:
    '"ids" maydoni noto\'g\'ri: restoranning barcha kategoriyalari aynan bir martadan yuborilishi kerak.',

  productNotFound: 'Mahsulot topilmadi.',
  /** Spec section 8. */
  productDeleted: "Mahsulot muvaffaqiyatli o'chirildi!",
  productNameRequired: "Mahsulot nomi bo'sh bo'lishi mumkin emas!",
  productListMismatch:
    '"ids" maydoni noto\'g\'ri: kategoriyaning barcha mahsulotlari aynan bir martadan yuborilishi kerak.',
  productFilterRequired: '"category_id" yoki "restaurant_id" maydoni majburiy.',
  productToOtherRestaurant:
    "\"category_id\" maydoni noto'g'ri: mahsulotni faqat shu restoranning kategoriyasiga o'tkazish mumkin.",
  imageMissing: "Rasm topilmadi: u o'chirilgan bo'lishi mumkin. Iltimos, rasmni qayta yuklang.",
  tooManyImages: (max: number) => `Mahsulotda ko'pi bilan ${max} ta rasm bo'lishi mumkin.`,

  optionNotFound: 'Opsiya topilmadi.',
  /** Spec section 5. */
  optionRequired: 'Avval opsiya tanlang',
  /** Spec section 8. */
  optionDeleted: "Variant o'chirildi",
  optionNameRequired: "Opsiya nomi bo'sh bo'lishi mumkin emas!",
  choicesContradictRequired:
    '"required" va "min_choices" bir-biriga zid: majburiy opsiyada "min_choices" kamida 1, ixtiyoriy opsiyada 0 bo\'ladi.',
  choicesMinOverMax:
    '"min_choices" "max_choices" dan katta bo\'lmasligi kerak: kamida tanlanadigan qatorlar soni ko\'pi bilan ' +
    'tanlanadiganidan oshmaydi.',

  rowNotFound: 'Qator topilmadi.',
  /** Spec section 8. */
  rowDeleted: "Qator o'chirildi",
  rowNameRequired: "Qator nomi bo'sh bo'lishi mumkin emas!",
};
