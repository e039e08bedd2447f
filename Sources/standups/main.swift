print("standups")
