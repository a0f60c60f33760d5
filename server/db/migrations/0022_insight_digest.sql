ALTER TABLE "telegram_outbox" DROP CONSTRAINT "telegram_outbox_subject_check";--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "digest_sent_on" date;--> statement-breakpoint
ALTER TABLE "telegram_outbox" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "telegram_outbox" ADD CONSTRAINT "telegram_outbox_subject_check" CHECK (num_nonnulls("telegram_outbox"."order_id", "telegram_outbox"."call_id", "telegram_outbox"."body") = 1);