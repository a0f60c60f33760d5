/**
 * An admin's link to a product's page or options names the restaurant (`?restaurant=`), whose menu
 * languages those screens read for their tabs and badges: no read an admin may make names a product's restaurant.
 */
export const withRestaurant = (path: string, restaurantId: string | null) =>
  restaurantId ? `${path}?restaurant=${encodeURIComponent(restaurantId)}` : path;
