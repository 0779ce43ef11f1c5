DROP INDEX "medias_profile_created";--> statement-breakpoint
DROP INDEX "stories_profile_created";--> statement-breakpoint
DROP INDEX "subscriptions_profile";--> statement-breakpoint
CREATE INDEX "medias_profile_created_id" ON "medias" USING btree ("profile_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stories_profile_created_id" ON "stories" USING btree ("profile_id","created_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_profile_created_id" ON "subscriptions" USING btree ("profile_id","created_at","id");