// Contract of the einvoice area: schemas shared by the server and the web app.
export {};
