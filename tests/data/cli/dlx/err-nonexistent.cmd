/nonexistent/x
