/**
 * The panel's texts of the menu's editors (ours, not the specification's): categories, products, options and rows,
 * the stop-list, and the menu's languages and translations. Apart from lib/uz.ts because only the lazily
 * loaded screens and dialogs use them: lib/uz.ts is in the login page's first download, held to 140 KB.
 */
export const uzCatalog = {
  /** A dialog's form whose code could not be downloaded (src/components/dialog/lazyDialogView.tsx). */
  formLoadFailed: "Oynani yuklab bo'lmadi. Internet aloqasini tekshirib, qayta urinib ko'ring.",
  // Categories, products, options
  addCategory: "Kategoriya qo'shish",
  editCategory: 'Kategoriyani tahrirlash',
  fieldCategoryTitle: 'Kategoriya nomi',
  categoryCreateFailed: "Kategoriya qo'shishda xatolik yuz berdi!",
  chooseRestaurantFirst: "Avval restoranni tanlang: Restoranlar ro'yxatidagi «Kategoriyalar» tugmasini bosing.",
  noRestaurantOfManager: "Sizga biriktirilgan restoran yo'q.",
  dragHandle: (name: string) => `Tartibni o'zgartirish: ${name}`,
  dragHint: "Tartibni o'zgartirish uchun sudrang yoki tutqichni tanlab ↑ / ↓ tugmalarini bosing.",
  positionsSaveFailed: "Tartibni saqlab bo'lmadi",
  moved: (name: string, position: number, total: number) => `${name}: ${position}-o'rin, jami ${total}`,
  addProduct: "Mahsulot qo'shish",
  editProduct: 'Mahsulotni tahrirlash',
  productCreated: 'Mahsulot yaratildi',
  productUpdated: 'Mahsulot tahrirlandi',
  fieldCategory: 'Kategoriya',
  chooseCategory: 'Kategoriyani tanlang',
  fieldPrice: "Narxi (so'm)",
  fieldDescription: 'Tavsif',
  images: 'Rasmlar',
  priceInvalid: "Narx 0 yoki undan katta son bo'lishi kerak",
  priceWhole: "Narx butun so'mda bo'lishi kerak (tiyinsiz)",
  priceRequired: "Narxni kiriting (bepul bo'lsa 0)",
  phoneInvalid:
    "Telefon raqam 9 ta raqamdan iborat bo'lishi kerak (oldida +998 bo'lishi mumkin), masalan 90 123 45 67 yoki +998 90 123 45 67",
  imagesUploading: 'Rasmlar hali yuklanmoqda, biroz kuting.',
  imagesHelp: "Birinchi rasm menyuda asosiy bo'lib ko'rinadi. Saqlash tugmasi bosilgandagina o'zgarishlar saqlanadi.",
  imageMoveEarlier: (n: number) => `Oldinga surish: Rasm ${n}`,
  imageMoveLater: (n: number) => `Keyinga surish: Rasm ${n}`,
  // An option row's price is added to the product's price (as a POS modifier is).
  rowPriceHelp: "Mahsulot narxiga qo'shiladi; qo'shimcha to'lovsiz qator uchun 0 yozing.",
  actionOptions: 'Opsiyalar',
  actionDetails: 'Batafsil',
  pageButton: (page: number) => `${page}-sahifa`,
  productDetail: 'Mahsulot',
  options: 'Opsiyalar',
  noImages: "Rasm yo'q",
  rowsTitle: 'Qatorlar',
  noProductSelected: "Mahsulot tanlanmagan: opsiyalarni ko'rish uchun mahsulotlar ro'yxatidan mahsulotni tanlang.",
  fieldOption: 'Opsiya',
  chooseOption: 'Opsiyani tanlang',
  expand: 'Ochish',
  collapse: "Yig'ish",
  rowsCount: (count: number) => `${count} ta qator`,
  optionNameRequired: "Opsiya nomi bo'sh bo'lishi mumkin emas!",
  // A required option: the diner must choose at least one of its rows (min_choices ≥ 1).
  optionRequired: 'Majburiy',
  optionRequiredHelp: 'Mijoz buyurtmada bu opsiyaning kamida bitta qatorini tanlashi shart (masalan, porsiya).',
  optionRequiredBadge: 'majburiy',
  // How many rows a diner chooses: min_choices (only for a required option) and max_choices, 1..20 each.
  optionMinChoices: 'Kamida nechta tanlash kerak',
  optionMinChoicesHelp: 'Mijoz shuncha qatorni tanlamaguncha bu mahsulotni buyurtma qila olmaydi.',
  optionMaxChoices: "Ko'pi bilan nechta tanlash mumkin",
  optionMaxChoicesHelp:
    "1 bo'lsa, mijoz qatorlardan faqat bittasini tanlaydi (masalan, porsiya). Ko'proq bo'lsa, bir nechta qatorni " +
    "belgilashi mumkin (masalan, qo'shimchalar), har birini bir martadan.",
  optionChoicesInvalid: (limit: number) => `1 dan ${limit} gacha butun son kiriting`,
  optionMinOverMax: "Kamida soni ko'pi bilan sonidan katta bo'lmasligi kerak",
  // The option card's short note of the counts (an en dash between them): '2–3 ta', '2 ta', '3 tagacha'.
  optionChoicesRange: (min: number, max: number) => `${min}–${max} ta`,
  optionChoicesExactly: (count: number) => `${count} ta`,
  optionChoicesUpTo: (max: number) => `${max} tagacha`,
  optionChoicesTitle: (min: number, max: number) =>
    min === 0
      ? `Mijoz ${max} tagacha qator tanlashi mumkin`
      : min === max
        ? `Mijoz ${max} ta qator tanlaydi`
        : `Mijoz ${min} tadan ${max} tagacha qator tanlaydi`,
  rowNameRequired: "Qator nomi bo'sh bo'lishi mumkin emas!",
  // Stop-list
  stopListTabs: 'Mahsulotlar holati',
  stopListClearSearch: 'Qidiruvni tozalash',
  stopListSelectCategory: (title: string) => `${title}: hammasini tanlash`,
  stopListMoveFailed: "Mahsulotlarni o'tkazib bo'lmadi, hech narsa o'zgarmadi.",
  stopListMoved: (count: number) => `${count} ta mahsulot stop-listga o'tkazildi`,
  stopListReturned: (count: number) => `${count} ta mahsulot stop-listdan chiqarildi`,
  // The menu's languages and the translations in the panel (the panel itself stays Uzbek Latin)
  languageNames: { uz: "O'zbekcha", 'uz-Cyrl': 'Ўзбекча', ru: 'Русский', en: 'English' },
  menuLanguages: 'Menyu tillari',
  menuLanguagesHelp: "O'zbekcha (lotin) doim bor. Mijoz til tanlamagan bo'lsa, ro'yxatdagi birinchi til ko'rsatiladi.",
  languageAlwaysOn: 'doim yoqilgan',
  languageEarlier: (name: string) => `Yuqoriga: ${name}`,
  languageLater: (name: string) => `Pastga: ${name}`,
  translationTabs: 'Tarjima tillari',
  translationHelp: "Ixtiyoriy. Bo'sh qolsa, menyuda o'zbekcha (lotin) matn ko'rsatiladi.",
  translationCyrlHelp: "Ixtiyoriy. Bo'sh qolsa, menyuda lotin yozuvidan avtomatik o'girilgan matn ko'rsatiladi.",
  translationMissingOne: (code: string) => `${code} yo'q`,
  translationMissingMany: (count: number) => `${count} til yo'q`,
  translationMissingTitle: (names: string) => `Tarjima yo'q: ${names}`,
  // The restaurant list names what a restaurant lacks: its own fields, then how much of its menu
  translationGapFields: (labels: string, codes: string) => `${labels}: ${codes} yo'q`,
  translationGapCount: (count: number, noun: string, codes: string) => `${count} ta ${noun}: ${codes} yo'q`,
  translationGapNouns: { categories: 'kategoriya', products: 'mahsulot', options: 'opsiya' },
  translationGapLanguageCount: (name: string, count: number) => `${name} ${count} ta`,
} as const;
