CREATE TABLE "order_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"unique_id" text NOT NULL,
	"name" text NOT NULL,
	"address_id" integer,
	"to_address" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"logo" "bytea",
	"logo_type" text,
	"logo_version" integer DEFAULT 0 NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "packaging_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"favourite" boolean DEFAULT false NOT NULL,
	"template" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"weight" double precision NOT NULL,
	"x_length" double precision NOT NULL,
	"y_length" double precision NOT NULL,
	"z_length" double precision NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_answers" jsonb;--> statement-breakpoint
ALTER TABLE "order_templates" ADD CONSTRAINT "order_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_templates" ADD CONSTRAINT "order_templates_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packaging_templates" ADD CONSTRAINT "packaging_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_attempts" ADD CONSTRAINT "return_attempts_template_id_order_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."order_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_packages" ADD CONSTRAINT "saved_packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_templates_unique_id_key" ON "order_templates" USING btree ("unique_id");--> statement-breakpoint
CREATE INDEX "order_templates_user_idx" ON "order_templates" USING btree ("user_id","created_at","id") WHERE "order_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "order_templates_search_trgm_idx" ON "order_templates" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packaging_templates_user_idx" ON "packaging_templates" USING btree ("user_id","favourite","created_at","id");--> statement-breakpoint
CREATE INDEX "packaging_templates_search_trgm_idx" ON "packaging_templates" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "return_attempts_ip_idx" ON "return_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "return_attempts_template_idx" ON "return_attempts" USING btree ("template_id","created_at");--> statement-breakpoint
CREATE INDEX "return_attempts_created_idx" ON "return_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "saved_packages_user_idx" ON "saved_packages" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "saved_packages_search_trgm_idx" ON "saved_packages" USING gin ("search_text" gin_trgm_ops);