module example.invalid/mjffi

go 1.19
