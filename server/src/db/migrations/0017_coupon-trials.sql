ALTER TABLE "coupons" ADD COLUMN "trial_days" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_trial_coupon_id_coupons_id_fk" FOREIGN KEY ("trial_coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;