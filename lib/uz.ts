/**
 * Every interface string of the panel. The first block is copied verbatim from the specification (do not retype:
 * the apostrophes and the ‘ in Yo‘q are the spec's own characters). The last block holds the strings the
 * specification does not give (it says "text not shown"): they are ours, kept apart so they are easy to review.
 *
 * Our texts use one word for one thing: "Menedjer", "Narxi", "Kategoriya", "Opsiya" for a product
 * option, "Nofaol" for inactive, and the plain apostrophe ' (o'z, g'). The spec's own strings are kept as given
 * although they differ from that:
 * - 'No faol' (2.5 counters, 2.8 category flag) and 'Faol emas' (2.9 product flag), beside the select's 'Nofaol';
 * - 'Haqiqatan ham ushbu toifani o'chirmoqchimisiz?' (2.8) says "toifa" for a category;
 * - '+ Option qo'shish', 'Yangi Variant Qo'shish', 'Variantni Tahrirlash', the Variant toasts and the title
 *   'Mahsulot Parametrlari' (2.10, 8) name an option three more ways;
 * - 'Yo‘q', 'Kategoriya nomi bo‘sh bo‘lishi mumkin emas!' and 'O‘zgarishlar mavjud emas!' (5, 8) write ‘;
 * - the English of 2.7 and 8 ('Update Restaurant', Name, Address…, 'No restaurants found.', 'Loading...', the
 *   manager's update toasts).
 * One spec string is changed: the row form's 'Narhi' (2.10) is 'Narxi', the price's word
 * in 2.9 and everywhere else.
 */
export const uz = {
  // 2.3 Login
  loginFailed: 'Login yoki parol xato',
  // 2.4 Admin shell
  navRestaurants: 'Restoranlar',
  navProfile: 'Profil',
  // 2.5 Restaurant list
  active: 'Faol',
  inactive: 'Nofaol',
  typeIntegration: 'Integratsiya',
  typeManual: 'Oddiy',
  countAll: 'Jami',
  countActive: 'Faol',
  countInactive: 'No faol',
  // 2.7 Manager restaurant screen
  address: 'Manzil',
  phoneNumber: 'Telefon raqam',
  workTime: 'Ish vaqti',
  edit: "O'zgartirish",
  updateRestaurant: 'Update Restaurant',
  updateName: 'Name',
  updateAddress: 'Address',
  updatePhoneNumber: 'Phone Number',
  updateWorkTime: 'Work Time',
  cancel: 'Cancel',
  update: 'Update',
  logoutTitle: 'Hisobdan chiqish',
  logoutQuestion: 'Siz hisobingizdan chiqishni xohlaysizmi?',
  logoutConfirm: 'Ha, chiqish',
  logoutCancel: 'Bekor qilish',
  noRestaurants: 'No restaurants found.',
  loading: 'Loading...',
  restaurantUpdated: 'Restaurant updated successfully!',
  restaurantUpdateFailed: 'Failed to update restaurant.',
  // 2.13 Manager bottom navigation
  tabHome: 'Asosiy',
  tabMenu: 'Menyu',
  tabCategories: 'Kategoriyalar',
  // 2.1 / 2.2 Not found
  notFound: 'Sahifa topilmadi',
  // 4 States
  noChanges: "Hech qanday o'zgarish yo'q.",
  // 5 Validation
  chooseRestaurantAndManager: 'Iltimos, restoran va menedjer tanlang!',
  // 8 Errors
  noToken: 'Token topilmadi! Iltimos, qayta tizimga kiring.',
  restaurantLoadFailed: "Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.",
  restaurantAddFailed: "Restoran qo'shishda xatolik yuz berdi!",
  editFailed: 'Tahrirlashda xatolik yuz berdi!',
  deleteFailed: "O'chirishda xatolik yuz berdi!",
  syncFailed: 'Restoranni yangilashda xatolik yuz berdi!',
  profileLoadFailed: 'Profilni yuklashda xatolik yuz berdi',
  yes: 'Ha',
  no: 'Yo‘q',

  // 2.8 Categories
  categoryEmpty: 'Kategoriya mavjud emas',
  categoryDeleteConfirm: "Haqiqatan ham ushbu toifani o'chirmoqchimisiz?",
  categoryTitleRequired: 'Kategoriya nomi bo‘sh bo‘lishi mumkin emas!',
  categoryNoChanges: 'O‘zgarishlar mavjud emas!',
  categoryInactive: 'No faol',
  categoryLoadFailed: 'Kategoriyalarni olishda xatolik yuz berdi!',
  categorySessionFailed: 'Xatolik yuz berdi! Iltimos, qayta tizimga kiring.',
  categoryDeleteFailed: "Kategoriya o'chirishda xatolik yuz berdi!",
  categoryDeleted: "Kategoriya muvaffaqiyatli o'chirildi!",
  categoryEdited: 'Kategoriya muvaffaqiyatli tahrirlandi!',
  categoryCreated: 'Kategoriya muvaffaqiyatli yaratildi!',
  // 2.9 Products
  products: 'Mahsulotlar',
  price: 'Narxi',
  productInactive: 'Faol emas',
  productDeleteConfirm: "Haqiqatan ham o'chirmoqchimisiz?",
  productsEmpty: 'Bu kategoriyaga mahsulot biriktirilmagan.',
  productLoadFailed: 'Mahsulotlarni yuklashda xatolik yuz berdi!',
  productSaveFailed: 'Mahsulotni saqlashda xatolik yuz berdi!',
  productCreateFailed: 'Mahsulot yaratishda xatolik yuz berdi!',
  productDeleteFailed: "Mahsulotni o'chirishda xatolik yuz berdi!",
  productDeleted: "Mahsulot muvaffaqiyatli o'chirildi!",
  som: "so'm",
  // 2.10 Product options
  optionsTitle: 'Mahsulot Parametrlari',
  addOption: "+ Option qo'shish",
  addRow: "Qator qo'shish",
  rowsEmpty: 'Qatorlar mavjud emas',
  optionsEmpty: 'Opsiyalar mavjud emas',
  optionsEmptyHint: "Yangi opsiya qo'shish uchun yuqoridagi tugmani bosing",
  optionCreateTitle: "Yangi Variant Qo'shish",
  optionEditTitle: 'Variantni Tahrirlash',
  optionName: 'Opsiya nomi',
  rowCreateTitle: "Yangi Qator Qo'shish",
  rowEditTitle: 'Qatorni Tahrirlash',
  rowName: 'Qator nomi',
  /** The spec writes 'Narhi' here; 'Narxi' is the word (2.9 and everywhere else). */
  rowPrice: 'Narxi',
  optionDeleteConfirm: "Bu variantni o'chirishni xohlaysizmi?",
  rowDeleteConfirm: "Bu qatorni o'chirishni xohlaysizmi?",
  chooseOptionFirst: 'Avval opsiya tanlang',
  optLoadFailed: "Ma'lumotlarni olishda xatolik yuz berdi",
  optSaveFailed: 'Saqlashda xatolik yuz berdi.',
  optDeleteFailed: "O'chirishda xatolik yuz berdi.",
  optionUpdated: 'Variant yangilandi',
  optionAdded: "Yangi variant qo'shildi",
  optionDeleted: "Variant o'chirildi",
  rowUpdated: 'Qator yangilandi',
  rowAdded: "Yangi qator qo'shildi",
  rowDeleted: "Qator o'chirildi",

  // 2.11 Stop-list; the load failure is spec 8 product load text, Faol / No faol the category flags of 2.8
  stopListTitle: 'Menyu',
  stopListTabAvailable: 'Mavjud',
  stopListTabStopped: 'Stop-list',
  stopListSearch: 'Mahsulot qidirish...',
  stopListEmpty: "Mahsulot yo'q",
  stopListNoResult: (query: string) => `"${query}" bo'yicha natija topilmadi`,
  stopListShowMore: (shown: number, total: number) => `ko'proq ko'rsatish (${shown}/${total})`,
  stopListToStop: "Stop-listga o'tkazish",
  stopListFromStop: 'Stop-listdan chiqarish',
  stopListMoving: 'Yuklanmoqda...',
  stopListLoadFailed: 'Mahsulotlarni yuklashda xatolik yuz berdi!',
  stopListCategoryActive: 'Faol',
  stopListCategoryInactive: 'No faol',

  // ---- Not given by the specification (ours) ----
  appName: 'Menyu',
  myRestaurants: 'Mening restoranlarim',
  /** A manager with several restaurants: which one the category list and the Menyu (stop-list) tab work on. */
  workingRestaurantHint: "Kategoriyalar va Menyu bo'limi tanlangan restoran uchun ishlaydi.",
  workingRestaurant: 'Tanlangan restoran',
  chooseWorkingRestaurant: 'Shu restoranni tanlash',
  workingRestaurantLabel: 'Restoran',
  /** The shell's header: the working restaurant's switch (read out with the name shown). */
  switchRestaurant: 'Restoranni almashtirish',
  workingRestaurantNotSaved: 'Tanlov saqlanmadi: keyingi kirishda oldingi restoran ochiladi.',
  changePassword: "Parolni o'zgartirish",
  currentPassword: 'Joriy parol',
  newPassword: 'Yangi parol',
  confirmPassword: 'Yangi parolni takrorlang',
  passwordSame: 'Yangi parol joriy paroldan farq qilishi kerak.',
  passwordMismatch: 'Parollar bir xil emas',
  passwordChanged: "Parol o'zgartirildi. Boshqa qurilmalardagi sessiyalar yopildi.",
  passwordChangeFailed: "Parolni o'zgartirib bo'lmadi",
  login: 'Login',
  password: 'Parol',
  signIn: 'Kirish',
  signingIn: 'Kirilmoqda...',
  loginRequired: 'Login kiritilishi shart',
  passwordRequired: 'Parol kiritilishi shart',
  networkError: "Server bilan aloqa yo'q. Iltimos, qayta urinib ko'ring.",
  backToAdmin: 'Bosh sahifaga qaytish',
  menu: 'Menyu',
  logout: 'Chiqish',
  retry: 'Qayta urinish',
  loadingUz: 'Yuklanmoqda...',
  // A screen whose code does not arrive (lost connection, or a new release while the panel was open), or that fails
  screenLoadFailed: "Sahifani yuklab bo'lmadi. Internet aloqasini tekshirib, qayta urinib ko'ring.",
  screenFailed: "Kutilmagan xatolik yuz berdi. Sahifani qayta yuklab ko'ring.",
  save: 'Saqlash',
  saving: 'Saqlanmoqda...',
  close: 'Yopish',
  /** The × of a toast (not 'Yopish': a dialog's button has that name while a toast shows). */
  closeNotice: 'Xabarni yopish',
  required: "Bu maydon to'ldirilishi shart",
  confirmDeleteTitle: "O'chirishni tasdiqlang",
  confirmDeleteRestaurant: (name: string) => `"${name}" restoranini o'chirmoqchimisiz?`,
  confirmDeleteManager: (login: string) => `"${login}" menedjerini o'chirmoqchimisiz?`,
  // What a delete takes with it, said under the question; null: not counted (yet)
  restaurantDeleteWhat: (name: string) =>
    `"${name}" restorani butun menyusi bilan o'chiriladi: barcha kategoriyalari, mahsulotlari, ularning opsiyalari va rasmlari. Buni qaytarib bo'lmaydi.`,
  categoryDeleteWhat: (title: string, products: number | null) =>
    products === 0
      ? `"${title}" kategoriyasi o'chiriladi; unda mahsulot yo'q.`
      : `"${title}" kategoriyasi ichidagi ${products === null ? 'barcha' : `${products} ta`} mahsulot, ularning opsiyalari va rasmlari bilan birga o'chiriladi. Buni qaytarib bo'lmaydi.`,
  productDeleteWhat: (name: string, options: number | null) =>
    options === 0
      ? `"${name}" mahsuloti rasmlari bilan birga o'chiriladi; unda opsiya yo'q. Buni qaytarib bo'lmaydi.`
      : `"${name}" mahsuloti ${options === null ? 'barcha' : `${options} ta`} opsiyasi (qatorlari bilan) va rasmlari bilan birga o'chiriladi. Buni qaytarib bo'lmaydi.`,
  optionDeleteWhat: (name: string, rows: number | null) =>
    rows === 0
      ? `"${name}" opsiyasi o'chiriladi; unda qator yo'q.`
      : `"${name}" opsiyasi ${rows === null ? 'barcha' : `${rows} ta`} qatori bilan birga o'chiriladi. Buni qaytarib bo'lmaydi.`,
  rowDeleteWhat: (name: string) => `"${name}" qatori o'chiriladi; opsiyaning boshqa qatorlari qoladi.`,
  managerDeleteWhat: (restaurants: number) =>
    restaurants > 0
      ? `Unga ${restaurants} ta restoran biriktirilgan: avval ularni boshqa menedjerga o'tkazing, aks holda o'chirib bo'lmaydi.`
      : `Menedjer hisobi butunlay o'chiriladi. Vaqtincha to'xtatish uchun "O'chirib qo'yish" tugmasi bor.`,
  // Restaurant list and form
  restaurants: 'Restoranlar',
  addRestaurant: "Restoran qo'shish",
  addFromIntegration: "Integratsiyadan qo'shish",
  editRestaurant: 'Restoranni tahrirlash',
  colIndex: '#',
  colName: 'Nomi',
  colPhone: 'Telefon',
  colStatus: 'Holati',
  colType: 'Turi',
  colActions: 'Amallar',
  actionMenu: 'Menyuni ochish',
  actionSync: 'Sinxronlash',
  actionSyncing: 'Sinxronlanmoqda...',
  actionView: "Ko'rish",
  actionCategories: 'Kategoriyalar',
  actionEdit: 'Tahrirlash',
  actionDelete: "O'chirish",
  previous: 'Oldingi',
  next: 'Keyingi',
  pageOf: (page: number, pages: number) => `${page} / ${pages}`,
  emptyRestaurants: "Restoranlar yo'q",
  // The admin lists page on the server, with a search and filters
  searchRestaurants: 'Qidirish: nomi, slug yoki telefon',
  searchManagers: 'Qidirish: login',
  filterAll: 'Hammasi',
  nothingFound: 'Hech narsa topilmadi',
  listRange: (first: number, last: number, total: number) => `${first}–${last} / jami ${total}`,
  listPages: 'Sahifalar',
  fieldName: 'Nomi',
  fieldSlug: 'Slug',
  fieldAddress: 'Manzil',
  fieldPhone: 'Telefon raqam',
  fieldWorkTime: 'Ish vaqti',
  fieldManager: 'Menedjer',
  fieldStatus: 'Holati',
  fieldBotToken: 'Bot token',
  fieldChannelId: 'Kanal ID',
  // What the stop-list display setting is for (the Telegram fields' help: lib/uz-telegram.ts)
  fieldHideStopped: "Stop-listdagi mahsulotlarni menyuda ko'rsatmaslik",
  hideStoppedHelp:
    "Yoqilsa, stop-listdagi mahsulotlar mijozlar menyusida ko'rinmaydi. O'chiq bo'lsa, ular kategoriyasi oxirida kulrang, \"Vaqtincha mavjud emas\" deb ko'rsatiladi.",
  chooseManager: 'Menedjerni tanlang',
  slugRule: 'Faqat lotin harflari, raqamlar va chiziqcha (-); kichik harflar bilan saqlanadi',
  restaurantAdded: "Restoran qo'shildi",
  restaurantEdited: 'Restoran tahrirlandi',
  restaurantDeleted: "Restoran o'chirildi",
  /** After a sync: what it changed (the counts the sync records), so the admin knows it did something. */
  restaurantSynced: (created: number, updated: number, deactivated: number) =>
    created + updated + deactivated === 0
      ? "Sinxronlandi: o'zgarish yo'q"
      : `Sinxronlandi: ${created} ta yangi, ${updated} ta yangilandi, ${deactivated} ta o'chirildi`,
  optionsLoadFailed: "Ro'yxatlarni yuklab bo'lmadi",
  // Integration dialog
  integrationTitle: 'Integratsiyadan restoran yaratish',
  integrationRestaurant: 'Restoran (kassa tizimi)',
  chooseRestaurant: 'Restoranni tanlang',
  // Images
  image: 'Rasm',
  logotype: 'Logotip',
  upload: 'Yuklash',
  uploading: 'Yuklanmoqda...',
  uploadDone: 'Yuklandi',
  uploadFailed: "Rasmni yuklab bo'lmadi",
  cancelUpload: 'Bekor qilish',
  uploadAfterCreate: "Rasm va logotipni restoran yaratilgandan so'ng tahrirlash oynasida yuklash mumkin.",
  // The picture picker (the browser's own file control speaks English: "Choose Files / No file chosen").
  chooseImage: 'Rasm tanlash',
  /** The files just chosen: `osh.jpg`, or `3 ta fayl: a.jpg, b.jpg, c.jpg`. */
  chosenFiles: (names: readonly string[]) =>
    names.length === 1 ? names[0]! : `${names.length} ta fayl: ${names.join(', ')}`,
  // Restaurant view
  slug: 'Slug',
  status: 'Holati',
  manager: 'Menedjer',
  categories: 'Kategoriyalar',
  lastSync: 'Oxirgi sinxronlash',
  neverSynced: 'Hali sinxronlanmagan',
  syncRunning: 'Sinxronlash davom etmoqda...',
  syncResultOk: (created: number, updated: number, deactivated: number) =>
    `Muvaffaqiyatli: ${created} ta yangi, ${updated} ta yangilangan, ${deactivated} ta nofaol qilingan`,
  syncResultError: 'Xatolik',
  back: 'Orqaga',
  // Profile
  profile: 'Profil',
  role: 'Rol',
  roleAdmin: 'Admin',
  roleManager: 'Menedjer',
  // Managers
  managers: 'Menedjerlar',
  addManager: "Menedjer qo'shish",
  editManager: 'Menedjerni tahrirlash',
  restaurantsCount: 'Restoranlar',
  deactivate: "O'chirib qo'yish",
  // Deactivating asks first: it logs the manager out at once
  deactivateTitle: "Menedjerni o'chirib qo'yish",
  deactivateQuestion: (login: string) => `"${login}" menedjerini o'chirib qo'yasizmi?`,
  deactivateWhat:
    "U darhol tizimdan chiqariladi va qayta faollashtirilmaguncha kira olmaydi. Restoranlari va menyusi o'zgarmaydi, mijozlar menyuni ko'rishda davom etadi.",
  keepActive: 'Bekor qilish',
  activate: 'Faollashtirish',
  managerAdded: "Menedjer qo'shildi",
  managerEdited: 'Menedjer tahrirlandi',
  managerDeleted: "Menedjer o'chirildi",
  managerAddFailed: "Menedjer qo'shishda xatolik yuz berdi!",
  passwordKeep: "Parol (o'zgartirmaslik uchun bo'sh qoldiring)",
  passwordMin: "Parol kamida 8 belgidan iborat bo'lishi kerak",
  emptyManagers: "Menedjerlar yo'q",
  openMenu: 'Menyuni ochish',
  // The manager's restaurant card: the way to the public menu, the QR codes and the table card
  qrAndCard: 'QR-kod va stol kartasi',
  restaurantInactiveMenu:
    'Restoran nofaol: menyusi mijozlarga ochilmaydi, shuning uchun menyu havolasi, QR-kod va stol kartasi berilmaydi. Restoranni administrator faollashtiradi.',
  // An integration restaurant's POS terminal group: which one receives its orders and whose tables it has
  fieldTerminalGroup: 'Buyurtmalar boradigan kassa guruhi',
  firstTerminalGroup: 'Birinchi guruh (standart)',
  terminalGroupsFailed: "Kassa guruhlarini yuklab bo'lmadi: guruhni keyinroq tanlang.",
} as const;
