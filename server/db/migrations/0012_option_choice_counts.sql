ALTER TABLE "product_options" ADD COLUMN "min_choices" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_options" ADD COLUMN "max_choices" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "product_options" SET "min_choices" = 1 WHERE "required";--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_choices_check" CHECK ("product_options"."min_choices" >= 0 and "product_options"."max_choices" >= 1 and "product_options"."min_choices" <= "product_options"."max_choices");--> statement-breakpoint
ALTER TABLE "product_options" DROP COLUMN "required";
