ALTER TABLE "categories" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "portion" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "calories" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "spiciness" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allergens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manual_facts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "time_zone" text DEFAULT 'Asia/Tashkent' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "working_hours" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_spiciness_check" CHECK ("products"."spiciness" between 0 and 3);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_calories_check" CHECK ("products"."calories" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tags_check" CHECK ("products"."tags" <@ array['halal', 'vegetarian', 'vegan', 'new', 'chef', 'spicy']::text[]);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_allergens_check" CHECK ("products"."allergens" <@ array['gluten', 'milk', 'eggs', 'nuts', 'peanuts', 'sesame', 'soy', 'fish', 'shellfish', 'celery', 'mustard', 'sulphites', 'lupin', 'molluscs']::text[]);