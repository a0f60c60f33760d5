ALTER TABLE "payment_settings" ADD COLUMN "payme_service_ikpu" text;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "payme_service_package_code" text;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "payme_tip_ikpu" text;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "payme_tip_package_code" text;