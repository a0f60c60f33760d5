/**
 * Uploading images: the multipart form, then each file's checks. `name` is the file's name as the client sent it,
 * shortened for a sentence (server/uploads/uploaded-image.ts).
 */
export const uploadMessages = {
  /** How a sentence names a file sent without a name. */
  unnamedFile: 'fayl',
  noFile: 'Fayl yuborilmadi: "files" maydonida kamida bitta rasm yuboring.',
  fileTooLarge: 'Fayl hajmi 5 MB dan oshmasligi kerak.',
  tooManyFiles: (max: number) => `Bir so'rovda ko'pi bilan ${max} ta fayl yuborish mumkin.`,
  notMultipart: 'So\'rov multipart/form-data formatida bo\'lishi kerak ("files" maydonida rasm).',
  brokenForm: "So'rov tanasi yaroqli multipart/form-data emas.",
  onePicture: 'Restoran rasmi uchun faqat bitta fayl yuboring.',
  bothTargets: 'restaurant_id va product_id birga yuborilmaydi: ulardan bittasini yuboring.',
  notAnImage: (name: string) => `"${name}" fayli rasm emas: faqat JPEG, PNG yoki WebP rasm yuklash mumkin.`,
  brokenImage: (name: string) => `"${name}" rasmini o'qib bo'lmadi: fayl buzilgan.`,
  imageDimensionsRefused: (
    name: string,
    size: { width: number; height: number },
    limits: { maxSide: number; maxMegapixels: number; maxAspectRatio: number },
  ) =>
    `"${name}" rasmi menyu uchun yaroqsiz o'lchamda (${size.width} × ${size.height} piksel): rasmning har bir tomoni ` +
    `ko'pi bilan ${limits.maxSide} piksel, jami ko'pi bilan ${limits.maxMegapixels} megapiksel bo'lishi va uzun tomoni ` +
    `qisqa tomonidan ko'pi bilan ${limits.maxAspectRatio} barobar uzun bo'lishi kerak.`,
  imageWorkBusy: "Hozir juda ko'p rasm qayta ishlanmoqda. Iltimos, bir necha soniyadan so'ng qayta yuklang.",
  imageTooSlow: (name: string, seconds: number) =>
    `"${name}" rasmini qayta ishlash ${seconds} soniyadan uzoq davom etdi: kichikroq rasm yuboring yoki ` +
    "birozdan so'ng qayta urinib ko'ring.",
};
