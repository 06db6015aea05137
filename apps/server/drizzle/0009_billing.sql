CREATE TABLE "billing_entities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_company" boolean NOT NULL,
	"is_vat_payer" boolean DEFAULT false NOT NULL,
	"identification_code" text NOT NULL,
	"trade_register" text,
	"fiscal_identification_type" smallint NOT NULL,
	"country_code" text DEFAULT 'RO' NOT NULL,
	"county_code" text NOT NULL,
	"county" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"street" text,
	"number" text,
	"additional_info" text,
	"is_active" boolean DEFAULT false NOT NULL,
	"verify_status" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "contact_given_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "contact_family_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "billing_entities" ADD CONSTRAINT "billing_entities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_entities_user_code_key" ON "billing_entities" USING btree ("user_id","identification_code");--> statement-breakpoint
CREATE INDEX "billing_entities_user_idx" ON "billing_entities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_entities_one_active_key" ON "billing_entities" USING btree ("user_id") WHERE "billing_entities"."is_active";--> statement-breakpoint
CREATE INDEX "billing_entities_pending_idx" ON "billing_entities" USING btree ("updated_at") WHERE "billing_entities"."verify_status" = 'pendingVerification';