CREATE TABLE "user_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mail" jsonb,
	"sms" jsonb,
	"awb_format" text,
	"will_print" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;