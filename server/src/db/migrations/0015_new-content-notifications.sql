CREATE TABLE "notification_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"items" integer NOT NULL,
	"cursor" uuid,
	"reached" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_opt_ins" (
	"account_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"last_digest_day" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_opt_ins_profile_id_account_id_pk" PRIMARY KEY("profile_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "medias" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
-- What was published before notifications existed is not news: nobody is told about it.
UPDATE "medias" SET "announced_at" = "created_at" WHERE "scheduled_for" IS NULL;--> statement-breakpoint
UPDATE "stories" SET "announced_at" = "created_at" WHERE "scheduled_for" IS NULL;--> statement-breakpoint
ALTER TABLE "notification_announcements" ADD CONSTRAINT "notification_announcements_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_opt_ins" ADD CONSTRAINT "notification_opt_ins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_opt_ins" ADD CONSTRAINT "notification_opt_ins_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_announcements_open" ON "notification_announcements" USING btree ("finished_at","created_at");--> statement-breakpoint
CREATE INDEX "notification_opt_ins_account" ON "notification_opt_ins" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_account" ON "push_subscriptions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "medias_unannounced" ON "medias" USING btree ("profile_id") WHERE "medias"."announced_at" is null;--> statement-breakpoint
CREATE INDEX "stories_unannounced" ON "stories" USING btree ("profile_id") WHERE "stories"."announced_at" is null;