/** The admin's manager accounts. */
export const managerMessages = {
  managerNotFound: 'Menedjer topilmadi.',
  loginTaken: 'Bu login allaqachon band.',
  managerHasRestaurants:
    "Menedjerga restoranlar biriktirilgan: avval ularni boshqa menedjerga o'tkazing yoki o'chiring.",
  managerDeleted: "Menedjer o'chirildi.",
  /** A restaurant given to a manager who does not exist. */
  unknownManager: '"manager_id" maydoni noto\'g\'ri: bunday menedjer topilmadi.',
};
