-- Slugs are stored lowercase from now on (the API lowercases what it is given, lookups lowercase the asked slug). Existing
-- slugs are lowercased; where two differ only in case, the one already lowercase (or else the oldest id) keeps the name and
-- the others get the first 8 characters of their id appended, so the unique index still holds.
UPDATE "restaurants" AS r SET "slug" = CASE
  WHEN EXISTS (
    SELECT 1 FROM "restaurants" AS o
    WHERE o."id" <> r."id" AND lower(o."slug") = lower(r."slug") AND (o."slug" = lower(o."slug") OR o."id" < r."id")
  ) THEN lower(r."slug") || '-' || left(r."id"::text, 8)
  ELSE lower(r."slug")
END
WHERE r."slug" <> lower(r."slug");--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_slug_lowercase_check" CHECK ("restaurants"."slug" = lower("restaurants"."slug"));