-- Trigram indexes: locality and street search by any word's prefix, address book search.
CREATE INDEX IF NOT EXISTS "geo_localities_words_trgm_idx" ON "geo_localities" USING gin ("search_words" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "geo_streets_words_trgm_idx" ON "geo_streets" USING gin ("search_words" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "addresses_search_trgm_idx" ON "addresses" USING gin ("search_text" gin_trgm_ops);
