DROP INDEX "users_user_type_idx";--> statement-breakpoint
CREATE INDEX "login_attempts_created_idx" ON "login_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_type_name_idx" ON "users" USING btree ("user_type","name","id");