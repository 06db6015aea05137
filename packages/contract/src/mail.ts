// Contract of the mail area: schemas shared by the server and the web app.
export {};
