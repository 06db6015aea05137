// Contract of the invoicing area: schemas shared by the server and the web app.
export {};
